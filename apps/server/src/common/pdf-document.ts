/** A PDF being drawn, and the whole file once `end()` has been called on it. */
export interface PdfDrawing {
  pdf: PDFKit.PDFDocument;
  file: Promise<Buffer>;
}

/**
 * Starts a PDF with pdfkit, loaded on the first PDF rather than at start: it brings fontkit and
 * ~5 MB of heap with it, on a server meant to idle in 300 MB that draws a PDF only when asked.
 */
export async function startPdf(options: PDFKit.PDFDocumentOptions): Promise<PdfDrawing> {
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument(options);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const file = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, file };
}
