import { AUTH_MESSAGES } from '@furlong/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { Loading } from '../../../components/ui/status';
import { useSessionQuery } from '../../../lib/session';
import { useLogout } from '../api/logout';

const LOGOUT_DELAY_MS = 1000;

/** Logout (spec §4): the message, the server session ended, a one-second pause, then /home. */
export function LogoutPage() {
  const navigate = useNavigate();
  const { data: session, isPending } = useSessionQuery();
  const logout = useLogout();
  // Decided once, from the session the page was opened with.
  const decided = useRef<'logout' | 'missing' | null>(null);
  if (!isPending && decided.current === null) decided.current = session ? 'logout' : 'missing';
  const outcome = decided.current;
  const { mutate } = logout;
  const sent = useRef(false);

  useEffect(() => {
    if (outcome === null) return;
    if (outcome === 'logout' && !sent.current) {
      sent.current = true;
      mutate();
    }
    const timer = setTimeout(
      () => void navigate(outcome === 'logout' ? '/home' : '/login', { replace: true }),
      LOGOUT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [outcome, mutate, navigate]);

  return (
    <Page title="Logout">
      {outcome === null ? (
        <Loading />
      ) : (
        <p className={outcome === 'logout' ? 'status' : 'status status-error'} role="status">
          {outcome === 'logout' ? AUTH_MESSAGES.loggingOut : AUTH_MESSAGES.logoutMissing}
        </p>
      )}
    </Page>
  );
}
