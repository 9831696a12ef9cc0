import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { Loading } from '../components/ui/status';
import { formatCents } from '../lib/format';
import { useSession, useSessionNotice } from '../lib/session';
import { SessionActivity } from '../lib/session-activity';
import { useApplySettings } from '../lib/settings';
import { NavMenu } from './nav-menu';

/** Header with the brand, who is logged in and the menu; the page; the footer. */
export function Layout() {
  const session = useSession();
  const location = useLocation();
  const ended = useSessionNotice((s) => s.notice);
  // The viewer's settings (time zone, odds format, default bet) apply across the site.
  useApplySettings();
  // The login page shows why a session ended in its own status area; elsewhere it is a flash.
  const notice =
    (location.state as { notice?: string } | null)?.notice ?? (location.pathname === '/login' ? null : ended);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/home" className="brand">
          <svg className="brand-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 3v9a6 6 0 0 0 12 0V3h-3v9a3 3 0 0 1-6 0V3z" fill="currentColor" />
          </svg>
          Furlong
        </Link>
        {/* Under ~700 px the nine groups fold into /hamburger, opened from here. */}
        <Link to="/hamburger" className="menu-button" aria-label="Menu">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
          </svg>
          <span>Menu</span>
        </Link>
        <div className="who" aria-live="polite">
          {session ? (
            <>
              <span>
                Logged in as{' '}
                <Link to="/profile">
                  <strong>{session.username}</strong>
                </Link>
              </span>
              <span className="wallet" title="Play-money wallet">
                Balance <strong data-testid="wallet-balance">{formatCents(session.balance_cents)}</strong>
              </span>
              <Link to="/logout" className="button secondary small">
                Logout
              </Link>
            </>
          ) : (
            <>
              <span>Not logged in</span>
              <Link to="/login" className="button small">
                Login
              </Link>
            </>
          )}
        </div>
      </header>
      <SessionActivity />
      <NavMenu />
      <main id="main" className="app-main">
        {notice ? (
          <p className="flash" role="alert">
            {notice}
          </p>
        ) : null}
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">
        <span>Furlong · simulated racing, play money only</span>
        {/* Bet types is a members' page; visitors get the bet types of Learn About Racing. */}
        <Link to={session ? '/bet-types' : '/learn-about-racing#bet-types'}>Bet types</Link>
        <Link to="/learn-about-racing">Learn about racing</Link>
        <Link to="/tutorial">Tutorial</Link>
        <Link to="/instructions">Instructions</Link>
        <Link to="/faqs">FAQs</Link>
        <Link to="/insurance-quote">Insurance quote</Link>
        <Link to="/contact-us">Contact us</Link>
        <a href="/api/docs">API</a>
      </footer>
    </div>
  );
}
