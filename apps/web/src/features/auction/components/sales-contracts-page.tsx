import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSalesContracts } from '../api/sales-contracts';
import { ContractCard } from './contract-card';
import './auction.css';

/** /sales-contracts: the user's sales contracts (from the form and from the hammer), to sign and download. */
export function SalesContractsPage() {
  const contracts = useSalesContracts();
  const items = contracts.data?.items ?? [];
  const toSign = items.filter((c) => c.you_may_sign).length;
  return (
    <Page
      title="Sales Contracts"
      actions={
        <Link className="button" to="/sales-contract">
          New contract
        </Link>
      }
    >
      {contracts.isPending ? <Loading text="Loading your contracts…" /> : null}
      {contracts.isError ? <ErrorMessage error={contracts.error} text="Could not load your contracts." /> : null}
      {contracts.isSuccess && items.length === 0 ? (
        <EmptyState>
          You have no sales contracts yet. Win a lot at <Link to="/auction">the auction</Link> or{' '}
          <Link to="/sales-contract">write one</Link>.
        </EmptyState>
      ) : null}
      {toSign > 0 ? (
        <p className="notice">{toSign === 1 ? 'One contract waits' : `${toSign} contracts wait`} for your signature.</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="contract-list">
          {items.map((c) => (
            <li key={c.id}>
              <ContractCard contract={c} />
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
