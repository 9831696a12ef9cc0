import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/ui/status';
import { useSessionNotice, useSessionQuery } from '../lib/session';

export const LOGIN_REQUIRED = 'Please log in to access this feature.';

/**
 * The guarded route group, from the server's session (GET /api/me): an anonymous visitor goes to
 * /home with the path they wanted and the message; one whose session ran out goes to /login, which
 * says they were logged out due to inactivity and returns them here after logging in.
 */
export function ProtectedRoute() {
  const { data: session, isPending } = useSessionQuery();
  const expired = useSessionNotice((s) => s.notice);
  const location = useLocation();
  if (isPending) return <Loading text="Checking your session..." />;
  if (!session) {
    const from = `${location.pathname}${location.search}`;
    if (expired) return <Navigate to="/login" replace state={{ from }} />;
    return <Navigate to="/home" replace state={{ from, notice: LOGIN_REQUIRED }} />;
  }
  return <Outlet />;
}
