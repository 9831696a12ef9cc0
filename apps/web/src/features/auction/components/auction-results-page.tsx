import type { AuctionLot } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { useSession } from '../../../lib/session';
import { useAuctionLots } from '../api/lots';
import { AUCTION_TEXT } from './auction-text';
import './auction.css';

function ResultsTable({
  lots,
  caption,
  me,
  sold,
}: {
  lots: AuctionLot[];
  caption: string;
  me: number | undefined;
  sold: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="auction-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Lot</th>
            <th scope="col" className="optional-col">
              Sale
            </th>
            <th scope="col" className="optional-col">
              Closed
            </th>
            <th scope="col" className="num">
              {sold ? 'Winning bid' : 'Last bid'}
            </th>
            <th scope="col">{sold ? 'Buyer' : 'Result'}</th>
          </tr>
        </thead>
        <tbody>
          {lots.map((lot) => {
            const s = lot.state;
            return (
              <tr key={lot.id}>
                <th scope="row">
                  <Link to={`/auction-horses/${lot.id}`}>
                    Lot {lot.lot_no}: {lot.name}
                  </Link>
                </th>
                <td className="optional-col">{lot.sale_name}</td>
                <td className="optional-col">
                  <TimeOfDay at={s.closes_at} date />
                </td>
                <td className="num">
                  {s.hammer_price_cents !== null ? formatMoney(s.hammer_price_cents) : AUCTION_TEXT.noBidsForHorse}
                </td>
                <td>
                  {sold
                    ? s.leader_paddle === me
                      ? 'You'
                      : `Paddle ${s.leader_paddle}`
                    : s.status === 'rna'
                      ? 'Not sold: reserve not met'
                      : 'Passed in: no bids'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** /auction-results: the lots sold (winning bid, buyer) and those passed in, latest first. */
export function AuctionResultsPage() {
  const session = useSession();
  const closed = useAuctionLots({ status: 'closed', sort: 'closes_at', order: 'desc', limit: 100 });
  const items = closed.data?.items ?? [];
  const sold = items.filter((l) => l.state.status === 'sold');
  const passed = items.filter((l) => l.state.status !== 'sold');
  return (
    <Page title="Auction Results">
      {closed.isPending ? <Loading text="Loading the results…" /> : null}
      {closed.isError ? <ErrorMessage error={closed.error} text="Could not load the results." /> : null}
      {closed.isSuccess ? (
        <>
          <section aria-labelledby="results-sold">
            <h2 id="results-sold">Sold</h2>
            {sold.length === 0 ? (
              <EmptyState>{AUCTION_TEXT.noWinningBids}</EmptyState>
            ) : (
              <ResultsTable lots={sold} caption="Sold lots" me={session?.id} sold />
            )}
          </section>
          {passed.length > 0 ? (
            <section aria-labelledby="results-passed">
              <h2 id="results-passed">Not sold</h2>
              <ResultsTable lots={passed} caption="Lots not sold" me={session?.id} sold={false} />
            </section>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
