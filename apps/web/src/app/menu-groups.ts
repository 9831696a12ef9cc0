import type { UserRole } from '@furlong/contracts';
import { OPERATOR_ROLES } from '../lib/session';

/** A menu link; one with `roles` shows only to a session with one of them. */
export interface MenuLink {
  to: string;
  label: string;
  roles?: readonly UserRole[];
}

/** The nine menu groups of spec §2.2, each with its links. */
export interface MenuGroup {
  label: string;
  links: MenuLink[];
}

export const MENU_GROUPS: readonly MenuGroup[] = [
  { label: 'Home', links: [{ to: '/home', label: 'Home' }] },
  {
    label: 'Free Races',
    links: [
      { to: '/free-program-card', label: 'Free Program Card' },
      { to: '/free-leader-board', label: 'Free Leader Board' },
      { to: '/free-race', label: 'Free Race' },
    ],
  },
  {
    label: 'Programs',
    links: [
      { to: '/program-card', label: 'Program Card' },
      { to: '/track-race-dates', label: 'Track Race Dates' },
      { to: '/leader-board', label: 'Leader Board' },
      { to: '/free-race', label: 'Free Race' },
    ],
  },
  {
    label: 'Stats and Profiles',
    links: [
      { to: '/horse', label: 'Horses' },
      { to: '/jockey', label: 'Jockeys' },
      { to: '/trainer', label: 'Trainers' },
      { to: '/race-track', label: 'Race Tracks' },
      { to: '/races', label: 'Races' },
    ],
  },
  {
    label: 'Racing',
    links: [
      { to: '/current-race-screens', label: 'Current Races' },
      { to: '/race-results', label: 'Race Results' },
      { to: '/gear', label: 'Gear' },
    ],
  },
  {
    label: 'Betting',
    links: [
      { to: '/bets', label: 'Place Bets' },
      { to: '/race-details', label: 'Race Details' },
      { to: '/horse-race-predictor', label: 'Race Predictor' },
      { to: '/bet-payouts', label: 'Bet Payouts' },
      { to: '/bet-odds', label: 'Bet Odds' },
    ],
  },
  {
    label: 'Auctions',
    links: [
      { to: '/auction', label: 'Auction' },
      { to: '/dates', label: 'Dates' },
      { to: '/breeds', label: 'Breeds' },
      { to: '/public', label: 'Public Sales' },
      { to: '/private', label: 'Private Sales' },
      { to: '/bidding', label: 'Bidding' },
      { to: '/current-highest-bid', label: 'Current Highest Bid' },
      { to: '/auction-results', label: 'Auction Results' },
      { to: '/facilities', label: 'Facilities' },
      { to: '/staff', label: 'Staff' },
      { to: '/sales-contract', label: 'Sales Contract' },
      { to: '/transportation', label: 'Transportation' },
    ],
  },
  {
    label: 'Stables',
    links: [
      { to: '/breeding', label: 'Breeding' },
      { to: '/horse-training', label: 'Horse Training' },
      { to: '/medical', label: 'Medical' },
      { to: '/shoeing', label: 'Shoeing' },
    ],
  },
  {
    label: 'Information',
    links: [
      { to: '/instructions', label: 'Instructions' },
      { to: '/news', label: 'News' },
      { to: '/tutorial', label: 'Tutorial' },
      { to: '/learn-about-racing', label: 'Learn About Racing' },
      { to: '/bet-types', label: 'Bet Types' },
      { to: '/faqs', label: 'FAQs' },
    ],
  },
  {
    label: 'Dashboard',
    links: [
      { to: '/register', label: 'Register' },
      { to: '/login', label: 'Login' },
      { to: '/logout', label: 'Logout' },
      { to: '/auth', label: 'Auth' },
      { to: '/create-horse', label: 'Create Horse' },
      { to: '/enter-race', label: 'Enter Race' },
      { to: '/user-dashboard', label: 'User Dashboard' },
      { to: '/dashboard', label: "Today's Racing" },
      { to: '/user-settings', label: 'Settings' },
      { to: '/sensi-pass-register', label: 'Pass Login' },
      { to: '/profile', label: 'Profile' },
      { to: '/data-consumer', label: 'Data Consumer' },
      { to: '/data-provider', label: 'Data Provider' },
      { to: '/leaderboard', label: 'Leaderboard' },
      { to: '/app-test', label: 'App Test', roles: OPERATOR_ROLES },
      { to: '/morning-line-odds', label: 'Morning Line Odds' },
      { to: '/endpoint-test', label: 'Endpoint Test', roles: OPERATOR_ROLES },
      { to: '/admin/ops', label: 'Operations', roles: OPERATOR_ROLES },
      { to: '/admin/outbox', label: 'Outbox', roles: ['admin'] },
      { to: '/admin-profile', label: 'Users', roles: ['admin'] },
      { to: '/admin/audit', label: 'Audit Log', roles: ['admin'] },
      { to: '/run-scan-insert', label: 'Scan and Insert', roles: ['admin'] },
      { to: '/showDB', label: 'Tables', roles: ['admin'] },
      { to: '/add-columns', label: 'Add Columns', roles: ['admin'] },
      { to: '/insert-columns', label: 'Insert Columns', roles: ['admin'] },
      { to: '/compare-columns', label: 'Compare Columns', roles: ['admin'] },
    ],
  },
];
