import type { UserRole } from '@furlong/contracts';
import { Outlet } from 'react-router-dom';
import { Page } from '../components/ui/page';
import { hasRole, OPERATOR_ROLES, useSession } from '../lib/session';

export const OPERATORS_ONLY = 'This page is for operators and administrators.';

/**
 * A route group for some roles only. It sits inside the ProtectedRoute group, so a visitor has
 * already been sent to log in; a signed-in member without the role sees why the page is closed
 * (the server answers 403 on every endpoint behind it anyway).
 */
export function RoleRoute({
  roles = OPERATOR_ROLES,
  message = OPERATORS_ONLY,
}: {
  roles?: readonly UserRole[];
  message?: string;
}) {
  const session = useSession();
  if (!hasRole(session, roles)) {
    return (
      <Page title="Not for your account">
        <p className="status status-error" role="alert">
          {message}
        </p>
      </Page>
    );
  }
  return <Outlet />;
}
