import { buffer } from 'node:stream/consumers';

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
  // The document is a readable stream: node's own consumer gathers it (and rejects on its error).
  return { pdf, file: buffer(pdf) };
}
