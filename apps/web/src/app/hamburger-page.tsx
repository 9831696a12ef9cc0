import { Link, useNavigate } from 'react-router-dom';
import { hasRole, useSession } from '../lib/session';
import { MENU_GROUPS } from './menu-groups';

/**
 * /hamburger: the nine-group menu as one full-screen page, for a phone (the header's Menu button
 * opens it under ~700 px, where the menu bar is hidden). Every group is open: no hover on a phone.
 */
export function HamburgerPage() {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <nav className="hamburger" aria-label="Site menu">
      <div className="hamburger-top">
        <h1 id="page-title">Menu</h1>
        <button type="button" className="button secondary small" onClick={() => navigate(-1)}>
          Close
        </button>
      </div>
      {MENU_GROUPS.map((group) => {
        const id = `hamburger-${group.label.toLowerCase().replace(/\W+/g, '-')}`;
        const links = group.links.filter((link) => !link.roles || hasRole(session, link.roles));
        return (
          <section key={group.label} aria-labelledby={id} className="hamburger-group">
            <h2 id={id}>{group.label}</h2>
            <ul>
              {links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
