import type { SaleCompany } from '@furlong/contracts';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatNumber } from '../../../lib/format';
import { useTransportQuotes } from '../api/transport-quotes';
import { QuoteLines } from './quote-lines';

/** "Your quote requests": the member's requests, newest first, each with its stored quote. */
export function TransportQuoteList({ shipping }: { shipping: SaleCompany['shipping'] }) {
  const quotes = useTransportQuotes(true);
  const labels = new Map(shipping.options.map((o) => [o.service, o.label]));
  if (quotes.isPending) return <Loading text="Loading your quote requests…" />;
  if (!quotes.data) return <ErrorMessage error={quotes.error} text="Could not load your quote requests." />;
  if (quotes.data.items.length === 0)
    return <EmptyState>No quote requests yet: the form above sends your first.</EmptyState>;
  return (
    <div className="table-scroll">
      <table className="stacked-table">
        <caption className="visually-hidden">Your quote requests, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Quote</th>
            <th scope="col">Route</th>
            <th scope="col">Travel date</th>
            <th scope="col">Service</th>
            <th scope="col" className="num">
              Horses
            </th>
            <th scope="col" className="num">
              Distance
            </th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col">Requested</th>
          </tr>
        </thead>
        <tbody>
          {quotes.data.items.map((q) => (
            <tr key={q.id}>
              <th scope="row">#{q.id}</th>
              <td data-label="Route">
                {q.from_place} → {q.to_place}
                {q.horse_name ? <span className="shipping-description">{q.horse_name}</span> : null}
              </td>
              <td data-label="Travel date">{q.travel_date}</td>
              <td data-label="Service">{labels.get(q.service) ?? q.service}</td>
              <td className="num" data-label="Horses">
                {q.horses}
              </td>
              <td className="num" data-label="Distance">
                {formatNumber(q.distance_km)} km
              </td>
              <td className="num" data-label="Price">
                <details className="quote-details">
                  <summary>{formatCents(q.quote.total_cents)}</summary>
                  <QuoteLines quote={q.quote} caption={`Quote #${q.id}`} />
                </details>
              </td>
              <td data-label="Requested">
                <TimeOfDay at={q.created_at} date />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
