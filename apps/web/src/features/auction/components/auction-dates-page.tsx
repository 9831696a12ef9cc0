import type { AuctionSale } from '@furlong/contracts';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useAuctionSales } from '../api/sales';
import { AUCTION_TEXT } from './auction-text';
import { SaleCards } from './sale-cards';
import './auction.css';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** /dates: the sale calendar, by sale day (the latest first), each day's sales as cards. */
export function AuctionDatesPage() {
  const sales = useAuctionSales();
  const byDay = new Map<string, AuctionSale[]>();
  for (const s of [...(sales.data?.items ?? [])].sort((a, b) => b.sale_date.localeCompare(a.sale_date))) {
    byDay.set(s.sale_date, [...(byDay.get(s.sale_date) ?? []), s]);
  }
  return (
    <Page title="Auction Dates">
      <p className="hint">Sale days, the latest first. Open a sale to see its lots.</p>
      {sales.isPending ? <Loading text="Loading the sale calendar…" /> : null}
      {sales.isError ? <ErrorMessage error={sales.error} text="Could not load the sales." /> : null}
      {sales.isSuccess && byDay.size === 0 ? <EmptyState>{AUCTION_TEXT.noSales}</EmptyState> : null}
      {[...byDay].map(([day, list]) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`}>{dayFormat.format(Date.parse(`${day}T00:00:00Z`))}</h2>
          <SaleCards sales={list} />
        </section>
      ))}
    </Page>
  );
}
