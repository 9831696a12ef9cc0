import { Link, useLocation } from 'react-router-dom';
import { Page } from '../components/ui/page';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <Page title="Page not found">
      <p>
        There is no page at <code>{location.pathname}</code>.
      </p>
      <p>
        Try the <Link to="/home">home page</Link> or the <Link to="/program-card">program card</Link>.
      </p>
    </Page>
  );
}
