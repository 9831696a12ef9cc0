import type { SalesContractView } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { startPdf } from '../common/pdf-document';

/**
 * A sales contract as a one-page PDF (pdfkit, its built-in Helvetica: no font files to ship): the
 * spec's fields (§3) in the order of the form, then both signatures with their times.
 */
export async function contractPdf(c: SalesContractView): Promise<Buffer> {
  const { pdf: doc, file } = await startPdf({
    size: 'LETTER',
    margin: 56,
    info: { Title: `Sales contract ${c.id}`, Author: 'Furlong Sales' },
  });

  doc.font('Helvetica-Bold').fontSize(20).text('Sales Contract', { align: 'center' });
  doc
    .moveDown(0.3)
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555')
    .text(`Furlong Sales · contract no. ${c.id}${c.lot_id ? ` · lot ${c.lot_id}` : ''}`, { align: 'center' });
  doc.moveDown(1.5).fillColor('#000').fontSize(12);

  const rows: [string, string][] = [
    ['Date', c.contract_date],
    ['Seller', c.seller_name],
    ['Buyer', c.buyer_name],
    ['Horse', c.horse_name],
    ['Purchase price', formatMoney(c.purchase_price_cents)],
    ['Payment due', c.payment_days === 0 ? 'paid at signing' : `within ${c.payment_days} days`],
    ['Delivery', c.delivery_days === 0 ? 'on signing' : `within ${c.delivery_days} days`],
    ['Governing law', `the State of ${c.state}`],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(label, 56, y, { width: 150 });
    doc.font('Helvetica').text(value, 210, y, { width: 340 });
    doc.moveDown(0.4);
  }

  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(10)
    .text(
      `The seller sells and the buyer buys the horse named above for the purchase price, paid within the days stated, ` +
        `the horse delivered within the days stated, under the laws of the State of ${c.state}.`,
      56,
      doc.y,
      { width: 500 },
    );

  doc.moveDown(2).fontSize(12);
  const signature = (side: string, name: string | null, at: string | null) => {
    doc.font('Helvetica-Bold').text(`${side} signature`, 56);
    doc
      .font('Helvetica-Oblique')
      .fontSize(16)
      .text(name ?? '— not signed yet —', 56);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555')
      .text(at ? `Signed ${at}` : 'Awaiting signature', 56);
    doc.fillColor('#000').fontSize(12).moveDown(1);
  };
  signature('Seller', c.seller_signature, c.seller_signed_at);
  signature('Buyer', c.buyer_signature, c.buyer_signed_at);
  doc.end();
  return file;
}
