import type { MyBids } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useMyBids } from '../api/my-bids';
import { useLotState } from '../hooks/lot-store';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { priceText } from './auction-text';
import { LotClock } from './lot-display';
import { liveIds } from './lot-table';
import './auction.css';

type MyBid = MyBids['items'][number];

/** Where the user stands on a lot, live: the store's leader against their paddle. */
function standing(item: MyBid, leader: number | null, open: boolean, me: number | undefined): string {
  if (item.won) return 'Won';
  if (!open) return 'Lost';
  return leader === me ? 'You lead' : 'Outbid';
}

function MyBidRow({ item, me }: { item: MyBid; me: number | undefined }) {
  const state = useLotState(item.lot.id, item.lot.state) ?? item.lot.state;
  const open = state.status === 'open' || state.status === 'upcoming';
  const text = standing(item, state.leader_paddle, open, me);
  return (
    <tr>
      <th scope="row">
        <Link to={`/auction-horses/${item.lot.id}`}>
          Lot {item.lot.lot_no}: {item.lot.name}
        </Link>
      </th>
      <td className="num">{priceText(state)}</td>
      <td className="num optional-col">{formatMoney(item.max_cents)}</td>
      <td className="num optional-col">
        {text === 'You lead' ? formatMoney(item.max_cents) : formatMoney(item.held_cents)}
      </td>
      <td className={text === 'You lead' || text === 'Won' ? 'leader-you' : 'leader-other'}>{text}</td>
      <td className="lot-status-cell">
        <LotClock state={state} tickMs={1000} />
      </td>
    </tr>
  );
}

/**
 * /bidding: the user's lots: the price now, their maximum, what the wallet holds for it, whether they
 * lead (live: the rooms of the lots still open), and what they won.
 */
export function BiddingPage() {
  const session = useSession();
  const bids = useMyBids();
  const items = bids.data?.items ?? [];
  useLotRooms(liveIds(items.map((i) => i.lot)));
  return (
    <Page
      title="Bidding"
      actions={
        <Link className="button secondary" to="/auction-horses">
          Find a horse
        </Link>
      }
    >
      {bids.isPending ? <Loading text="Loading your bids…" /> : null}
      {bids.isError ? <ErrorMessage error={bids.error} text="Could not load your bids." /> : null}
      {bids.data ? (
        <ul className="stat-strip">
          <li>
            Held for your bids <strong>{formatMoney(bids.data.held_cents)}</strong>
          </li>
          <li>
            Balance <strong>{formatMoney(bids.data.balance_cents)}</strong>
          </li>
        </ul>
      ) : null}
      {bids.isSuccess && items.length === 0 ? (
        <EmptyState>
          You have not bid on any lot yet. <Link to="/auction-horses">Browse the auction horses</Link>.
        </EmptyState>
      ) : null}
      {items.length > 0 ? (
        <div className="table-scroll">
          <table className="auction-table">
            <caption>Your bids</caption>
            <thead>
              <tr>
                <th scope="col">Lot</th>
                <th scope="col" className="num">
                  Price
                </th>
                <th scope="col" className="num optional-col">
                  Your maximum
                </th>
                <th scope="col" className="num optional-col">
                  Held
                </th>
                <th scope="col">Standing</th>
                <th scope="col">Time left / result</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <MyBidRow key={item.lot.id} item={item} me={session?.id} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
