import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { hasRole, useSession } from '../lib/session';
import { MENU_GROUPS } from './menu-groups';

/**
 * The nine-group menu: a group's button opens its submenu and closes it again; the pointer leaving
 * the menu, Escape, a click elsewhere or following a link closes it. Arrow keys move between groups.
 */
export function NavMenu() {
  const [open, setOpen] = useState<string | null>(null);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // The session is already in the query cache (the header shows it): links for some roles only show to them.
  const session = useSession();

  // Following a link (any navigation) closes the open submenu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on purpose for each new location
  useEffect(() => setOpen(null), [location.pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpen(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Escape' && open) {
      const button = navRef.current?.querySelector<HTMLButtonElement>(`button[data-group="${open}"]`);
      setOpen(null);
      button?.focus();
      return;
    }
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const buttons = [...(navRef.current?.querySelectorAll<HTMLButtonElement>('button[data-group]') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    e.preventDefault();
    const next = buttons[(index + (e.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length];
    next?.focus();
  };

  return (
    <nav
      className="main-menu"
      aria-label="Main menu"
      ref={navRef}
      onMouseLeave={() => setOpen(null)}
      onKeyDown={onKeyDown}
    >
      <ul className="menu-groups">
        {MENU_GROUPS.map((group) => {
          const expanded = open === group.label;
          const id = `menu-${group.label.toLowerCase().replace(/\W+/g, '-')}`;
          return (
            <li key={group.label} className={expanded ? 'menu-group open' : 'menu-group'}>
              <button
                type="button"
                data-group={group.label}
                aria-expanded={expanded}
                aria-controls={id}
                onClick={() => setOpen(expanded ? null : group.label)}
              >
                {group.label}
              </button>
              {expanded ? (
                <ul className="submenu" id={id} aria-label={group.label}>
                  {group.links
                    .filter((link) => !link.roles || hasRole(session, link.roles))
                    .map((link) => (
                      <li key={link.to}>
                        <NavLink to={link.to}>{link.label}</NavLink>
                      </li>
                    ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
