import type { TransportQuote } from '@furlong/domain';
import { formatCents } from '../../../lib/format';

/** A quote line by line, with its total. */
export function QuoteLines({ quote, caption }: { quote: TransportQuote; caption: string }) {
  return (
    <table className="quote-lines">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {quote.lines.map((line) => (
          <tr key={line.kind}>
            <td className="quote-cell">{line.label}</td>
            <td className="quote-cell num">{formatCents(line.amount_cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" className="quote-cell quote-total">
            Total
          </th>
          <td className="quote-cell quote-total num">
            <strong>{formatCents(quote.total_cents)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
