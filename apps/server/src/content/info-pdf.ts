import type { InfoBlock, InfoDocument } from '@furlong/contracts';
import { startPdf } from '../common/pdf-document';

const MARGIN = 56;
const INK = '#000';
const MUTED = '#555';

/**
 * An information page as a PDF (pdfkit, its built-in Helvetica: no font files to ship), drawn from
 * the same blocks as the web page: the title and summary, then each block in order. Uncompressed:
 * a few pages of text, and a reader (or a test) can find the headings in it.
 */
export async function infoPdf(source: InfoDocument): Promise<Buffer> {
  const doc = winAnsi(source);
  const { pdf, file } = await startPdf({
    size: 'LETTER',
    margin: MARGIN,
    compress: false,
    info: { Title: `Furlong · ${doc.title}`, Author: 'Furlong' },
  });
  const width = pdf.page.width - 2 * MARGIN;

  pdf.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(doc.title);
  pdf.moveDown(0.3).font('Helvetica').fontSize(11).fillColor(MUTED).text(doc.summary, { width });
  pdf.fillColor(INK).moveDown(0.8);

  for (const block of doc.blocks) drawBlock(pdf, block, width);

  pdf.end();
  return file;
}

function drawBlock(pdf: PDFKit.PDFDocument, block: InfoBlock, width: number): void {
  pdf.x = MARGIN;
  switch (block.type) {
    case 'heading': {
      const size = block.level === 2 ? 16 : 13;
      // Keep a heading with the first lines of its text.
      if (pdf.y > pdf.page.height - MARGIN - 4 * size) pdf.addPage();
      pdf.moveDown(block.level === 2 ? 0.8 : 0.4);
      pdf.font('Helvetica-Bold').fontSize(size).text(block.text, { width });
      pdf.moveDown(0.3);
      return;
    }
    case 'paragraph':
      pdf.font('Helvetica').fontSize(11).text(block.text, { width });
      pdf.moveDown(0.5);
      return;
    case 'list':
      pdf.font('Helvetica').fontSize(11);
      block.items.forEach((item, i) => {
        pdf.x = MARGIN;
        pdf.text(`${block.ordered ? `${i + 1}.` : '•'}  ${item}`, { width, indent: 0 });
        pdf.moveDown(0.2);
      });
      pdf.moveDown(0.4);
      return;
    case 'table':
      drawTable(pdf, block, width);
      return;
    case 'example':
      pdf.font('Helvetica-Bold').fontSize(11).text(`Worked example: ${block.title}`, { width });
      pdf.font('Helvetica').fontSize(10);
      block.steps.forEach((step, i) => {
        pdf.x = MARGIN + 12;
        pdf.text(`${i + 1}. ${step}`, { width: width - 12 });
      });
      pdf.x = MARGIN;
      pdf.font('Helvetica-Bold').fontSize(10).text(block.result, { width });
      pdf.moveDown(0.6);
      return;
    default: {
      const never: never = block;
      throw new Error(`Unknown block ${JSON.stringify(never)}`);
    }
  }
}

function drawTable(pdf: PDFKit.PDFDocument, table: Extract<InfoBlock, { type: 'table' }>, width: number): void {
  pdf.font('Helvetica-Oblique').fontSize(10).fillColor(MUTED).text(table.caption, { width });
  pdf.fillColor(INK).moveDown(0.2);
  // Columns share the width by their longest cell, within bounds.
  const longest = table.columns.map((c, i) => Math.max(c.length, ...table.rows.map((r) => (r[i] ?? '').length)));
  const weights = longest.map((n) => Math.min(Math.max(n, 6), 40));
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / total) * width);
  const row = (cells: readonly string[], bold: boolean) => {
    pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const heights = cells.map((c, i) => pdf.heightOfString(c, { width: (widths[i] ?? 0) - 4 }));
    const h = Math.max(...heights) + 4;
    if (pdf.y + h > pdf.page.height - MARGIN) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      pdf.text(c, x, y + 2, { width: (widths[i] ?? 0) - 4 });
      x += widths[i] ?? 0;
    });
    pdf
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .lineWidth(0.5)
      .strokeColor('#bbb')
      .stroke();
    pdf.x = MARGIN;
    pdf.y = y + h;
  };
  row(table.columns, true);
  for (const r of table.rows) row(r, false);
  pdf.moveDown(0.8);
}

// The standard fonts write WinAnsi: the few signs of the text outside it get their ASCII stand-ins.
const STAND_INS: Record<string, string> = { '−': '-', '→': '->', '≥': '>=', '≤': '<=' };

function winAnsi(doc: InfoDocument): InfoDocument {
  return JSON.parse(JSON.stringify(doc).replace(/[−→≥≤]/g, (c) => STAND_INS[c] ?? c)) as InfoDocument;
}
