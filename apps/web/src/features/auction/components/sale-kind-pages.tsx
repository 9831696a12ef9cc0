import type { SaleKind } from '@furlong/contracts';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useAuctionSales } from '../api/sales';
import { LotsBrowser } from './lots-browser';
import { SaleCards } from './sale-cards';
import './auction.css';

const COPY: Record<SaleKind, { title: string; intro: string; empty: string }> = {
  public: {
    title: 'Public Sales',
    intro: 'Open to every member: the house sales and the horses members consign.',
    empty: 'No public sales right now.',
  },
  private: {
    title: 'Private Sales',
    intro: 'By invitation: only invited members see these sales and bid in them.',
    empty: 'You have no invitations to private sales.',
  },
};

function SaleKindPage({ kind }: { kind: SaleKind }) {
  const copy = COPY[kind];
  const sales = useAuctionSales({ kind });
  const items = sales.data?.items ?? [];
  return (
    <Page title={copy.title}>
      <p className="hint">{copy.intro}</p>
      <section aria-labelledby="kind-sales">
        <h2 id="kind-sales">Sales</h2>
        {sales.isPending ? <Loading text="Loading sales…" /> : null}
        {sales.isError ? <ErrorMessage error={sales.error} text="Could not load the sales." /> : null}
        {sales.isSuccess && items.length === 0 ? <EmptyState>{copy.empty}</EmptyState> : null}
        {items.length > 0 ? <SaleCards sales={items} /> : null}
      </section>
      {items.length > 0 ? (
        <section aria-labelledby="kind-lots">
          <h2 id="kind-lots">Lots</h2>
          <LotsBrowser kind={kind} caption={`${copy.title}: lots`} />
        </section>
      ) : null}
    </Page>
  );
}

/** /public: the public sales and their lots. */
export const PublicSalesPage = () => <SaleKindPage kind="public" />;
/** /private: the private sales the member is invited to, and their lots. */
export const PrivateSalesPage = () => <SaleKindPage kind="private" />;
