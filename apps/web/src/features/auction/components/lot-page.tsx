import type { AuctionLotDetail, LotBid, LotState } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading, ReconnectingNotice } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatNumber } from '../../../lib/format';
import { useServerNow } from '../../../lib/server-clock';
import { type Session, useSession } from '../../../lib/session';
import { lotQueryKey, useAuctionLot } from '../api/lot';
import { useLotState } from '../hooks/lot-store';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { AUCTION_TEXT, hammerText, leaderText, priceText, reserveText } from './auction-text';
import { BidForm } from './bid-form';
import { HammerBanner, LotClock, LotPicture } from './lot-display';
import './auction.css';

/** The lot's number from the route, or NaN. */
export function useLotId(): number {
  const { id } = useParams();
  return id && /^\d{1,10}$/.test(id) ? Number(id) : Number.NaN;
}

/** The price, the leader, the next bid, time left and the hammer: what the room `lot:{id}` moves. */
export function LiveLotFacts({ state, me }: { state: LotState; me: number | undefined }) {
  const leader = leaderText(state, me);
  return (
    <>
      <p className="hint">Current price</p>
      <output className="lot-price" aria-label="Current price">
        {priceText(state)}
      </output>
      <dl className="lot-live-facts">
        <div>
          <dt>Leader</dt>
          <dd className={state.leader_paddle === null ? '' : leader === 'You lead' ? 'leader-you' : 'leader-other'}>
            {leader}
          </dd>
        </div>
        <div>
          <dt>Next bid</dt>
          <dd>{state.status === 'open' || state.status === 'upcoming' ? formatMoney(state.minimum_bid_cents) : '—'}</dd>
        </div>
        <div>
          <dt>Bids</dt>
          <dd>{formatNumber(state.bids)}</dd>
        </div>
        <div>
          <dt>Reserve</dt>
          <dd>{reserveText(state)}</dd>
        </div>
        <div>
          <dt>Closes</dt>
          <dd>
            <TimeOfDay at={state.closes_at} seconds />
          </dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>{hammerText(state) ? 'Closed' : <LotClock state={state} />}</dd>
        </div>
      </dl>
      <HammerBanner state={state} />
    </>
  );
}

function BidHistory({ history, me }: { history: LotBid[]; me: number | undefined }) {
  if (history.length === 0) return <EmptyState>{AUCTION_TEXT.noBidsForHorse}</EmptyState>;
  return (
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">Bid history, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Bidder</th>
            <th scope="col" className="num">
              Price
            </th>
          </tr>
        </thead>
        <tbody>
          {history.map((b) => (
            <tr key={b.seq}>
              <td>
                <TimeOfDay at={b.at} seconds />
              </td>
              <td>{b.paddle === me ? 'You' : `Paddle ${b.paddle}`}</td>
              <td className="num">{formatMoney(b.price_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HorseFacts({ lot }: { lot: AuctionLotDetail }) {
  const facts: [string, string][] = [
    ['Breed', lot.breed],
    ['Age', String(lot.age)],
    ['Sex', lot.gender ?? '—'],
    ['Colour', lot.color ?? '—'],
    ['Consignor', lot.consignor],
    ['Starting bid', formatMoney(lot.starting_bid_cents)],
  ];
  return (
    <dl className="horse-facts">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function RaceRecord({ lot }: { lot: AuctionLotDetail }) {
  const r = lot.record;
  if (!r || r.starts === 0) return <EmptyState>Unraced: no starts yet.</EmptyState>;
  return (
    <div className="table-scroll">
      <table>
        <thead>
          <tr>
            <th scope="col" className="num">
              Starts
            </th>
            <th scope="col" className="num">
              Wins
            </th>
            <th scope="col" className="num">
              Places
            </th>
            <th scope="col" className="num">
              Shows
            </th>
            <th scope="col" className="num">
              Earnings
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="num">{r.starts}</td>
            <td className="num">{r.wins}</td>
            <td className="num">{r.places}</td>
            <td className="num">{r.shows}</td>
            <td className="num">{formatMoney(r.earnings_cents)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function BidPanel({ lot, state, session }: { lot: AuctionLotDetail; state: LotState; session: Session | null }) {
  const now = useServerNow(1000);
  if (!session) return <p className="hint">Log in to bid.</p>;
  if (state.status === 'open' && Date.parse(state.opens_at) <= now) {
    return <BidForm lot={lot} state={state} session={session} />;
  }
  if (state.status === 'open' || state.status === 'upcoming') {
    return (
      <p className="hint">
        Bidding opens at <TimeOfDay at={state.opens_at} date />.
      </p>
    );
  }
  return <p className="hint">Bidding on this lot has closed.</p>;
}

/**
 * /auction-horses/:id: the horse (picture, pedigree, race record), and live: the price, the leader,
 * time left with extensions, the hammer, the bid history and the Bid / Max bid form. Joins the
 * room `lot:{id}`; each update with a new bid reads the history again.
 */
export function LotPage() {
  const lotId = useLotId();
  const session = useSession();
  const query = useAuctionLot(lotId);
  const client = useQueryClient();
  useLotRooms(Number.isNaN(lotId) ? [] : [lotId]);
  const state = useLotState(lotId, query.data?.state);

  // A bid (or the hammer) heard live: the history is read again so it shows the new step.
  const restBids = query.data?.state.bids;
  const restStatus = query.data?.state.status;
  useEffect(() => {
    if (!state || restBids === undefined) return;
    if (state.bids !== restBids || state.status !== restStatus) {
      void client.invalidateQueries({ queryKey: lotQueryKey(lotId) });
    }
  }, [state, restBids, restStatus, client, lotId]);

  if (Number.isNaN(lotId)) return <Page title="Auction Horse">{<ErrorMessage text="No such lot." />}</Page>;
  if (query.isPending) return <Page title="Auction Horse">{<Loading text="Loading the lot…" />}</Page>;
  if (query.isError || !state) {
    return (
      <Page title="Auction Horse">
        <ErrorMessage error={query.error} text="Could not load this lot." />
        <p>
          <Link to="/auction-horses">All auction horses</Link>
        </p>
      </Page>
    );
  }
  const lot = query.data;
  return (
    <Page
      title={`Lot ${lot.lot_no}: ${lot.name}`}
      actions={
        <>
          <Link className="button secondary" to="/auction-horses">
            All lots
          </Link>
          <Link className="button secondary" to={`/auction-horses/${lot.id}/currentbid`}>
            Current bid view
          </Link>
        </>
      }
    >
      <p className="hint">
        {lot.sale_name} · {lot.sale_kind === 'private' ? 'Private sale' : 'Public sale'} · {lot.soft_close_seconds} s
        soft close · {lot.commission_bps / 100}% commission from the seller
      </p>
      <ReconnectingNotice what="the live bidding" />
      <div className="lot-layout">
        <div className="lot-main">
          <LotPicture name={lot.name} color={lot.color} breed={lot.breed} />
          <section className="lot-panel" aria-labelledby="lot-horse">
            <h2 id="lot-horse">The horse</h2>
            <HorseFacts lot={lot} />
            <p>{lot.description}</p>
          </section>
          <section className="lot-panel" aria-labelledby="lot-pedigree">
            <h2 id="lot-pedigree">Pedigree</h2>
            <dl className="horse-facts">
              <div>
                <dt>Sire</dt>
                <dd>{lot.sire ?? 'Unknown'}</dd>
              </div>
              <div>
                <dt>Dam</dt>
                <dd>{lot.dam ?? 'Unknown'}</dd>
              </div>
            </dl>
            {lot.horse_id !== null ? (
              <p className="hint">
                <Link to={`/page-horse/${lot.horse_id}`}>Past performances of {lot.name}</Link>
              </p>
            ) : null}
          </section>
          <section className="lot-panel" aria-labelledby="lot-record">
            <h2 id="lot-record">Race record</h2>
            <RaceRecord lot={lot} />
          </section>
        </div>
        <div className="lot-side">
          <section className="lot-panel" aria-labelledby="lot-live">
            <h2 id="lot-live">Bidding</h2>
            <LiveLotFacts state={state} me={session?.id} />
            <BidPanel lot={lot} state={state} session={session} />
          </section>
          <section className="lot-panel" aria-labelledby="lot-history">
            <h2 id="lot-history">Bid history</h2>
            <BidHistory history={lot.history} me={session?.id} />
          </section>
        </div>
      </div>
    </Page>
  );
}
