import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { hasRole, useSession } from '../../../lib/session';
import { useAuctionLots } from '../api/lots';
import { useAuctionSales } from '../api/sales';
import { useLotRooms } from '../hooks/use-lot-rooms';
import { AUCTION_TEXT } from './auction-text';
import { ConsignForm } from './consign-form';
import { CreateSaleForm } from './create-sale-form';
import { LotTable, liveIds } from './lot-table';
import { SaleCards } from './sale-cards';
import './auction.css';

/**
 * /auction: the sales taking bids and coming up, the lots closing soonest (live), the links to the
 * rest of the auction, consigning a horse from the stable and, for admins, making a sale.
 */
export function AuctionPage() {
  const session = useSession();
  const sales = useAuctionSales();
  const soon = useAuctionLots({ status: 'live', sort: 'closes_at', order: 'asc', limit: 12 });
  const lots = soon.data?.items ?? [];
  useLotRooms(liveIds(lots));
  const current = (sales.data?.items ?? []).filter((s) => s.status !== 'closed');
  return (
    <Page
      title="Auction"
      actions={
        <>
          <Link className="button" to="/auction-horses">
            All horses
          </Link>
          <Link className="button secondary" to="/bidding">
            My bids
          </Link>
          <Link className="button secondary" to="/auction-results">
            Results
          </Link>
        </>
      }
    >
      <p className="hint">
        Online horse sales: bid, or leave a maximum bid and the sale bids for you. A bid in a lot's last moments extends
        its close, so everyone can answer it.
      </p>
      <div className="auction-sections">
        <section aria-labelledby="auction-sales">
          <h2 id="auction-sales">Sales</h2>
          {sales.isPending ? <Loading text="Loading sales…" /> : null}
          {sales.isError ? <ErrorMessage error={sales.error} text="Could not load the sales." /> : null}
          {sales.isSuccess && current.length === 0 ? <EmptyState>No sales are open right now.</EmptyState> : null}
          {current.length > 0 ? <SaleCards sales={current} /> : null}
          <p className="hint">
            <Link to="/dates">Sale calendar</Link> · <Link to="/public">Public sales</Link> ·{' '}
            <Link to="/private">Private sales</Link> · <Link to="/breeds">By breed</Link>
          </p>
        </section>
        <section aria-labelledby="auction-closing">
          <h2 id="auction-closing">Closing soon</h2>
          {soon.isPending ? <Loading text="Loading lots…" /> : null}
          {soon.isError ? <ErrorMessage error={soon.error} text="Could not load the lots." /> : null}
          {soon.isSuccess && lots.length === 0 ? <EmptyState>{AUCTION_TEXT.noLiveLots}</EmptyState> : null}
          {lots.length > 0 ? <LotTable lots={lots} caption="Lots closing soonest" me={session?.id} /> : null}
        </section>
        {session ? (
          <section aria-labelledby="auction-consign">
            <h2 id="auction-consign">Consign to auction</h2>
            <ConsignForm />
          </section>
        ) : null}
        {hasRole(session, ['admin']) ? (
          <section aria-labelledby="auction-admin">
            <h2 id="auction-admin">Make a sale (admin)</h2>
            <CreateSaleForm />
          </section>
        ) : null}
      </div>
    </Page>
  );
}
