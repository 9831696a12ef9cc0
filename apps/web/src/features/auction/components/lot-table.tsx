import type { AuctionLot } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { useLotState } from '../hooks/lot-store';
import { leaderText, priceText } from './auction-text';
import { LotClock } from './lot-display';

function LotRow({ lot, me, showSale }: { lot: AuctionLot; me: number | undefined; showSale: boolean }) {
  const state = useLotState(lot.id, lot.state) ?? lot.state;
  return (
    <tr>
      <td className="num">{lot.lot_no}</td>
      <th scope="row">
        <Link to={`/auction-horses/${lot.id}`}>{lot.name}</Link>
      </th>
      <td className="optional-col">{lot.breed}</td>
      <td className="num optional-col">{lot.age}</td>
      {showSale ? (
        <td className="optional-col">
          {lot.sale_name}
          {lot.sale_kind === 'private' ? <span className="tag">Private</span> : null}
        </td>
      ) : null}
      <td className="num">{priceText(state)}</td>
      <td className="optional-col">{leaderText(state, me)}</td>
      <td className="lot-status-cell">
        <LotClock state={state} tickMs={1000} />
      </td>
    </tr>
  );
}

/** Lots as a table whose price, leader and time left read the live store (the rooms the page joined). */
export function LotTable({
  lots,
  caption,
  me,
  showSale = true,
}: {
  lots: AuctionLot[];
  caption: string;
  me: number | undefined;
  showSale?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="auction-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Lot
            </th>
            <th scope="col">Horse</th>
            <th scope="col" className="optional-col">
              Breed
            </th>
            <th scope="col" className="num optional-col">
              Age
            </th>
            {showSale ? (
              <th scope="col" className="optional-col">
                Sale
              </th>
            ) : null}
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="optional-col">
              Leader
            </th>
            <th scope="col">Time left / result</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => (
            <LotRow key={lot.id} lot={lot} me={me} showSale={showSale} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The ids of the lots still taking bids, in order: the rooms a list joins (the first 12). */
export const liveIds = (lots: readonly AuctionLot[]) =>
  lots.filter((l) => l.state.status === 'open' || l.state.status === 'upcoming').map((l) => l.id);
