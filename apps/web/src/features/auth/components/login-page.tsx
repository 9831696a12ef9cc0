import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { useSession, useSessionStore } from '../../../lib/session';

export const LOGIN_SUCCESS = 'Login successful!';
const AFTER_LOGIN = '/program-card';

/**
 * "Please Login". Accounts (server sessions, password hashes) are not built yet, so the password
 * form cannot sign anyone in; a visitor may enter as a guest member to use the guarded pages.
 */
export function LoginPage() {
  const session = useSession();
  const signIn = useSessionStore((s) => s.signIn);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  const [message, setMessage] = useState<string | null>(null);

  const enterAsGuest = () => {
    signIn({ username: 'Guest member' });
    setMessage(LOGIN_SUCCESS);
    void navigate(from ?? AFTER_LOGIN, { replace: true });
  };

  return (
    <Page title="Please Login">
      <form
        className="form narrow"
        onSubmit={(e) => {
          e.preventDefault();
          setMessage('Password accounts are not open yet. Continue as a guest member below.');
        }}
      >
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" name="email" required autoComplete="username" />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" type="password" name="password" required autoComplete="current-password" />
        <button type="submit" className="button" disabled={!!session}>
          {session ? 'Logged In' : 'Login'}
        </button>
        <p className="status" role="status" aria-live="polite">
          {message}
        </p>
      </form>
      <div className="notice narrow">
        <p>Accounts with passwords and a wallet are on their way. Until then you can look around as a guest member.</p>
        <p className="button-row">
          <button type="button" className="button" onClick={enterAsGuest} disabled={!!session}>
            Continue as guest member
          </button>
          <Link className="button secondary" to="/sensi-pass-register">
            SensiPass Login
          </Link>
        </p>
      </div>
    </Page>
  );
}
