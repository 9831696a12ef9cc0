import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';

export const LOGIN_REQUIRED = 'Please log in to access this feature.';

/** The guarded route group: an anonymous visitor goes to /home with the path they wanted and the message. */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    return (
      <Navigate to="/home" replace state={{ from: `${location.pathname}${location.search}`, notice: LOGIN_REQUIRED }} />
    );
  }
  return <Outlet />;
}
