import { formatMoney } from '@furlong/domain';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { useBreedingContracts } from '../api/breeding-contracts';
import './auction.css';

/** /breeding-contracts: the user's breedings (sire, dam, foal, stud fee, due date, the foal once born). */
export function BreedingContractsPage() {
  const query = useBreedingContracts();
  const items = query.data?.breedings ?? [];
  return (
    <Page
      title="Breeding Contracts"
      actions={
        <Link className="button" to="/breeding">
          Breed a mare
        </Link>
      }
    >
      {query.isPending ? <Loading text="Loading your breeding contracts…" /> : null}
      {query.isError ? <ErrorMessage error={query.error} text="Could not load your breeding contracts." /> : null}
      {query.isSuccess && items.length === 0 ? (
        <EmptyState>
          You have no breeding contracts yet. <Link to="/breeding">Breed a mare</Link>.
        </EmptyState>
      ) : null}
      {items.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Your breeding contracts</caption>
            <thead>
              <tr>
                <th scope="col">Foal</th>
                <th scope="col">Sire</th>
                <th scope="col">Dam</th>
                <th scope="col" className="num">
                  Stud fee
                </th>
                <th scope="col">Agreed</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.id}>
                  <th scope="row">{b.foal_name}</th>
                  <td>{b.sire_name}</td>
                  <td>{b.dam_name}</td>
                  <td className="num">{formatMoney(b.fee_cents)}</td>
                  <td>
                    <TimeOfDay at={b.created_at} date />
                  </td>
                  <td>
                    <TimeOfDay at={b.due_at} date />
                  </td>
                  <td>{b.foal_id === null ? 'In foal' : <Link to={`/page-horse/${b.foal_id}`}>Foal born</Link>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
