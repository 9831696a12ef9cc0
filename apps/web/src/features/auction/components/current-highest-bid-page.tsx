import type { AuctionLot } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useAuctionLots } from '../api/lots';
import { useLotState } from '../hooks/lot-store';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { AUCTION_TEXT, leaderText, priceText } from './auction-text';
import { LotClock } from './lot-display';
import { liveIds } from './lot-table';
import './auction.css';

function LeadingRow({ lot, me }: { lot: AuctionLot; me: number | undefined }) {
  const state = useLotState(lot.id, lot.state) ?? lot.state;
  return (
    <tr>
      <th scope="row">
        <Link to={`/auction-horses/${lot.id}`}>
          Lot {lot.lot_no}: {lot.name}
        </Link>
      </th>
      <td className="optional-col">{lot.sale_name}</td>
      <td className="num">{state.bids === 0 ? AUCTION_TEXT.noBidsForHorse : priceText(state)}</td>
      <td>{state.bids === 0 ? '—' : leaderText(state, me)}</td>
      <td className="num optional-col">{state.bids}</td>
      <td className="lot-status-cell">
        <LotClock state={state} tickMs={1000} />
      </td>
    </tr>
  );
}

/** /current-highest-bid: the leading bid on every lot taking bids, highest first; the top 12 live. */
export function CurrentHighestBidPage() {
  const session = useSession();
  const lots = useAuctionLots({ status: 'live', sort: 'price', order: 'desc', limit: 100 });
  const items = lots.data?.items ?? [];
  useLotRooms(liveIds(items));
  return (
    <Page title="Current Highest Bid">
      <p className="hint">The leading bid on every lot taking bids, highest first.</p>
      {lots.isPending ? <Loading text="Loading the leading bids…" /> : null}
      {lots.isError ? <ErrorMessage error={lots.error} text="Could not load the lots." /> : null}
      {lots.isSuccess && items.length === 0 ? <EmptyState>{AUCTION_TEXT.noLiveLots}</EmptyState> : null}
      {items.length > 0 ? (
        <div className="table-scroll">
          <table className="auction-table">
            <caption>Leading bids</caption>
            <thead>
              <tr>
                <th scope="col">Lot</th>
                <th scope="col" className="optional-col">
                  Sale
                </th>
                <th scope="col" className="num">
                  Leading bid
                </th>
                <th scope="col">Leader</th>
                <th scope="col" className="num optional-col">
                  Bids
                </th>
                <th scope="col">Time left</th>
              </tr>
            </thead>
            <tbody>
              {items.map((lot) => (
                <LeadingRow key={lot.id} lot={lot} me={session?.id} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
