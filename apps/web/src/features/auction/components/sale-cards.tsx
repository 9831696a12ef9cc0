import type { AuctionSale } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { TimeOfDay } from '../../../components/ui/time-of-day';

const STATUS: Record<AuctionSale['status'], string> = { upcoming: 'Upcoming', live: 'Live', closed: 'Closed' };

/** Sales as cards: name, kind, status, when lots close, lots sold and gross; each opens its lots. */
export function SaleCards({ sales }: { sales: AuctionSale[] }) {
  return (
    <ul className="cards sale-cards">
      {sales.map((s) => (
        <li key={s.id} className="card">
          <span className="card-kicker">
            {s.kind === 'private' ? 'Private sale' : 'Public sale'} · {STATUS[s.status]}
          </span>
          <h3>
            <Link to={`/auction-horses?sale_id=${s.id}&status=`}>{s.name}</Link>
          </h3>
          <span className="card-figure">
            First close <TimeOfDay at={s.first_close_at} date />
            {s.last_close_at ? (
              <>
                , last <TimeOfDay at={s.last_close_at} date />
              </>
            ) : null}
          </span>
          <span className="card-figure">
            {s.lots === 1 ? '1 lot' : `${s.lots} lots`} · {s.lots_sold} sold · gross {formatMoney(s.gross_cents)}
          </span>
          {s.description ? <span className="hint">{s.description}</span> : null}
        </li>
      ))}
    </ul>
  );
}
