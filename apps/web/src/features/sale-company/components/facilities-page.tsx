import type { SaleFacility } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { useSaleCompany } from '../api/sale-company';
import { CompanyContact } from './company-contact';

const KIND_LABEL: Record<SaleFacility['kind'], string> = {
  barn: 'Barn',
  sale_ring: 'Sale ring',
  paddock: 'Paddock',
  track: 'Track',
  clinic: 'Clinic',
  office: 'Office',
};

function FacilityCard({ facility }: { facility: SaleFacility }) {
  return (
    <li className="card facility-card">
      <span className="card-kicker">{KIND_LABEL[facility.kind]}</span>
      <h2>{facility.name}</h2>
      <p className="card-figure facility-line">
        Capacity: <strong>{formatNumber(facility.capacity)}</strong> {facility.capacity_unit}
      </p>
      <p className="facility-line">{facility.description}</p>
      {facility.features.length > 0 ? (
        <ul className="plain-list">
          {facility.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** /facilities — the sale company's sale ground: the ring, barns, paddocks, track, clinic and office. */
export function FacilitiesPage() {
  const company = useSaleCompany();
  return (
    <Page title="Facilities">
      {company.isPending ? (
        <Loading text="Loading the sale ground…" />
      ) : !company.data ? (
        <ErrorMessage error={company.error} text="Could not load the facilities." />
      ) : (
        <>
          <p className="sale-intro">{company.data.about}</p>
          {company.data.facilities.length === 0 ? (
            <EmptyState>No facilities are listed yet.</EmptyState>
          ) : (
            <ul className="facility-grid" aria-label="Facilities of the sale ground">
              {company.data.facilities.map((f) => (
                <FacilityCard key={f.id} facility={f} />
              ))}
            </ul>
          )}
          <p className="hint">
            Moving horses to or from a sale? See <Link to="/transportation">transportation</Link>; to reach someone, the{' '}
            <Link to="/staff">staff directory</Link>.
          </p>
          <CompanyContact company={company.data} />
        </>
      )}
    </Page>
  );
}
