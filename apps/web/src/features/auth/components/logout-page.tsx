import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { useSessionStore } from '../../../lib/session';

const LOGOUT_DELAY_MS = 1000;

/** Logout (spec §4): the message, a one-second pause, stored data cleared, then /home. */
export function LogoutPage() {
  const navigate = useNavigate();
  // Read once: the page decides from the session it was opened with.
  const [hadSession] = useState(() => useSessionStore.getState().session !== null);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (hadSession) {
        useSessionStore.getState().signOut();
        void navigate('/home', { replace: true });
      } else {
        void navigate('/login', { replace: true });
      }
    }, LOGOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hadSession, navigate]);

  return (
    <Page title="Logout">
      <p className={hadSession ? 'status' : 'status status-error'} role="status">
        {hadSession ? 'You are now being logged out.' : 'Session ID or user ID is missing'}
      </p>
    </Page>
  );
}
