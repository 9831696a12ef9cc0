import { Link, useLocation } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useSaleCompany } from '../api/sale-company';
import { CompanyContact } from './company-contact';
import { ShippingOptionsTable } from './shipping-options-table';
import { TransportQuoteForm } from './transport-quote-form';
import { TransportQuoteList } from './transport-quote-list';

/**
 * /transportation — the sale company's shipping desk: the services and their published rates for
 * anyone; a member asks for a quote (estimated as they type, stored with its price) and sees their
 * requests; a visitor is asked to log in first.
 */
export function TransportationPage() {
  const company = useSaleCompany();
  const session = useSession();
  const location = useLocation();
  return (
    <Page title="Transportation">
      {company.isPending ? (
        <Loading text="Loading the shipping options…" />
      ) : !company.data ? (
        <ErrorMessage error={company.error} text="Could not load the shipping options." />
      ) : (
        <>
          <p className="hint">
            {company.data.name} ships horses to and from its sales by road and by air, with stabling on arrival.
          </p>
          <ShippingOptionsTable shipping={company.data.shipping} />

          <h2>Request a quote</h2>
          {session ? (
            <TransportQuoteForm shipping={company.data.shipping} />
          ) : (
            <div className="notice">
              <p>
                <Link to="/login" state={{ from: `${location.pathname}${location.search}` }}>
                  Log in
                </Link>{' '}
                to request a transport quote; new here? <Link to="/register">Sign up</Link>. The rates above are the
                same for everyone.
              </p>
            </div>
          )}

          {session ? (
            <>
              <h2>Your quote requests</h2>
              <TransportQuoteList shipping={company.data.shipping} />
            </>
          ) : null}
          <CompanyContact company={company.data} />
        </>
      )}
    </Page>
  );
}
