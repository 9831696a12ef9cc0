import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useCurrentBid } from '../api/current-bid';
import { useAuctionLot } from '../api/lot';
import { useLotState } from '../hooks/lot-store';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { LiveLotFacts, useLotId } from './lot-page';
import './auction.css';

/**
 * /auction-horses/:id/currentbid: one lot's current bid, compact and live (the room `lot:{id}`):
 * price, leader, next bid, time left with extensions and the hammer. For a second screen or a phone.
 */
export function CurrentBidPage() {
  const lotId = useLotId();
  const session = useSession();
  const query = useCurrentBid(lotId);
  useLotRooms(Number.isNaN(lotId) ? [] : [lotId]);
  const state = useLotState(lotId, query.data);
  // The horse's name and lot number for the title (the state itself carries neither).
  const lot = useAuctionLot(lotId).data;
  const title = lot ? `Current Bid: ${lot.name} (lot ${lot.lot_no})` : 'Current Bid';
  if (Number.isNaN(lotId)) return <Page title={title}>{<ErrorMessage text="No such lot." />}</Page>;
  return (
    <Page
      title={title}
      actions={
        <Link className="button secondary" to={`/auction-horses/${lotId}`}>
          Lot page and bidding
        </Link>
      }
    >
      {query.isPending && !state ? <Loading text="Loading the current bid…" /> : null}
      {query.isError && !state ? <ErrorMessage error={query.error} text="Could not load this lot." /> : null}
      {state ? (
        <section className="lot-panel current-bid-view" aria-label="Current bid">
          {state.bids === 0 ? <p className="hint">No bids yet for this horse.</p> : null}
          <LiveLotFacts state={state} me={session?.id} />
        </section>
      ) : null}
    </Page>
  );
}
