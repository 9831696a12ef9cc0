import type { CatalogKindName } from '@furlong/contracts';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/ui/status';
import { ComingSoonPage } from '../features/placeholder/components/coming-soon-page';
import { ErrorView } from './error-view';
import { Layout } from './layout';
import { NotFoundPage } from './not-found';
import { ProtectedRoute } from './protected-route';
import { RoleRoute } from './role-route';

/** A lazily loaded page: its module is fetched the first time the route is visited. */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const catalogList = (kind: CatalogKindName) =>
  lazyPage(async () => {
    const { CatalogListPage } = await import('../features/catalog/components/catalog-list-page');
    return () => <CatalogListPage kind={kind} />;
  });

const catalogSheet = (kind: CatalogKindName) =>
  lazyPage(async () => {
    const { RecordSheetPage } = await import('../features/catalog/components/record-sheet-page');
    return () => <RecordSheetPage key={kind} kind={kind} />;
  });

const soon = (title: string, area: string) => ({ element: <ComingSoonPage title={title} area={area} /> });

const AREAS = {
  accounts: 'accounts (sign-up, login, profile and wallet)',
  racing: 'live racing',
  wagering: 'wagering',
  handicapping: 'the handicapping tools',
  free: 'free races',
  content: 'the information pages',
  stable: 'the stable (your own horses)',
  auction: 'the horse auction',
  admin: 'the operator tools',
};

const stats = (name: string) =>
  lazyPage(async () => (await import('../features/stats/components/stats-pages'))[name as 'StatisticsPage']);

// Live racing: Pixi and socket.io-client load only with these pages, never with the home route.
const currentRaces = lazyPage(
  async () => (await import('../features/racing/components/current-races-page')).CurrentRacesPage,
);

const betsPage = lazyPage(async () => (await import('../features/wagering/components/bets-page')).BetsPage);

/** Routes anyone may open (spec §2.1). */
const openRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/home" replace /> },
  { path: 'home', ...lazyPage(async () => (await import('../features/home/components/home-page')).HomePage) },
  { path: 'login', ...lazyPage(async () => (await import('../features/auth/components/login-page')).LoginPage) },
  { path: 'logout', ...lazyPage(async () => (await import('../features/auth/components/logout-page')).LogoutPage) },
  {
    path: 'login/:id',
    ...lazyPage(async () => (await import('../features/auth/components/login-link-page')).LoginLinkPage),
  },
  { path: 'logout/:id', ...lazyPage(async () => (await import('../features/auth/components/logout-page')).LogoutPage) },
  {
    path: 'register',
    ...lazyPage(async () => (await import('../features/auth/components/register-page')).RegisterPage),
  },
  {
    path: 'auth',
    ...lazyPage(async () => (await import('../features/auth/components/approve-pass-page')).ApprovePassPage),
  },
  {
    path: 'sensi-pass-register',
    ...lazyPage(async () => (await import('../features/auth/components/pass-promo-page')).PassPromoPage),
  },
  { path: 'dashboard', ...soon('Dashboard', AREAS.accounts) },
  {
    path: 'data-consumer',
    ...lazyPage(async () => (await import('../features/home/components/race-context-pages')).DataConsumerPage),
  },
  {
    path: 'data-provider',
    ...lazyPage(async () => (await import('../features/home/components/race-context-pages')).DataProviderPage),
  },
  {
    path: 'race/:id',
    ...lazyPage(async () => (await import('../features/racing/components/race-screen-page')).RaceScreenPage),
  },
  { path: 'learn-about-racing', ...soon('Learn About Racing', AREAS.content) },
  { path: 'news', ...soon('News', AREAS.content) },
  { path: 'tutorial', ...soon('Tutorial', AREAS.content) },
  { path: 'instructions', ...soon('Instructions', AREAS.content) },
  { path: 'faqs', ...soon('FAQs', AREAS.content) },
  { path: 'free-race', ...soon('Free Race', AREAS.free) },
  { path: 'free-random-data', ...soon('Free Random Data', AREAS.free) },
  { path: 'free-tote-board', ...soon('Free Tote Board', AREAS.free) },
  { path: 'free-leader-board', ...soon('Free Leader Board', AREAS.free) },
  { path: 'free-program-card', ...soon('Free Program Card', AREAS.free) },
];

/** Everything else sits behind the sign-up wall (spec §2.1's guarded group, plus the links' routes). */
const guardedRoutes: RouteObject[] = [
  // Programs
  {
    path: 'program-card',
    ...lazyPage(async () => (await import('../features/program/components/program-card-page')).ProgramCardPage),
  },
  {
    path: 'program-card/:trackId',
    ...lazyPage(async () => (await import('../features/program/components/program-card-page')).ProgramCardPage),
  },
  {
    path: 'track-card',
    ...lazyPage(async () => (await import('../features/program/components/track-card-page')).TrackCardPage),
  },
  {
    path: 'race-card',
    ...lazyPage(async () => {
      const [{ RaceCardPage }, { LiveWinOdds, RaceTote }] = await Promise.all([
        import('../features/program/components/race-card-page'),
        import('../features/wagering/components/race-tote'),
      ]);
      return () => <RaceCardPage tote={RaceTote} odds={LiveWinOdds} />;
    }),
  },
  {
    path: 'track-race-dates',
    ...lazyPage(async () => (await import('../features/program/components/track-race-dates-page')).TrackRaceDatesPage),
  },
  {
    path: 'track-race-dates/:trackId',
    ...lazyPage(async () => (await import('../features/program/components/track-race-dates-page')).TrackRaceDatesPage),
  },

  // Lists and detail sheets
  ...(['horses', 'jockeys', 'trainers', 'owners', 'tracks', 'races', 'breeds'] as const).map((kind) => ({
    path: kind,
    ...catalogList(kind),
  })),
  { path: 'horse', ...catalogList('horses') },
  { path: 'horse-details', ...catalogList('horses') },
  { path: 'jockey', ...catalogList('jockeys') },
  { path: 'trainer', ...catalogList('trainers') },
  { path: 'owner', ...catalogList('owners') },
  { path: 'race-track', ...catalogList('tracks') },
  { path: 'bet-types', ...catalogList('bet_types') },
  ...(['horse', 'jockey', 'trainer', 'owner', 'track', 'race'] as const).flatMap((singular) => {
    const kind = `${singular}s` as CatalogKindName;
    return [
      { path: `page-${singular}/:id`, ...catalogSheet(kind) },
      { path: `${singular}/:id`, ...catalogSheet(kind) },
      { path: `${kind}/:id`, ...catalogSheet(kind) },
    ];
  }),
  { path: 'race-track/:id', ...catalogSheet('tracks') },

  // Statistics from the race results
  { path: 'jockey-History', ...stats('JockeyHistoryPage') },
  { path: 'jockey-Stats', ...stats('JockeyStatsPage') },
  { path: 'jockey-Style', ...stats('JockeyStylePage') },
  { path: 'trainer-history', ...stats('TrainerHistoryPage') },
  { path: 'trainer-stats', ...stats('TrainerStatsPage') },
  { path: 'trainer-style', ...stats('TrainerStylePage') },
  { path: 'statistics', ...stats('StatisticsPage') },
  { path: 'track-conditions', ...stats('TrackConditionsPage') },
  { path: 'track-type', ...stats('TrackTypePage') },
  { path: 'leader-board', ...stats('LeadersPage') },
  { path: 'leaderboard', ...stats('LeadersPage') },

  // Live racing
  {
    path: 'leaderboard/:id',
    ...lazyPage(async () => (await import('../features/racing/components/leaderboard-page')).RaceLeaderboardPage),
  },
  { path: 'current-race-screens', ...currentRaces },
  { path: 'current-races', ...currentRaces },
  { path: 'race-screens', ...currentRaces },
  {
    path: 'race-results',
    ...lazyPage(async () => (await import('../features/racing/components/race-results-page')).RaceResultsPage),
  },
  { path: 'create-races', ...soon('Create Races', AREAS.racing) },
  { path: 'gear', ...soon('Gear', AREAS.racing) },

  // Wagering and handicapping
  { path: 'bets', ...betsPage },
  { path: 'race', ...betsPage },
  {
    path: 'race-details',
    ...lazyPage(async () => (await import('../features/wagering/components/race-details-page')).RaceDetailsPage),
  },
  {
    path: 'advanced-bet-tracks',
    ...lazyPage(
      async () => (await import('../features/wagering/components/advanced-bet-tracks-page')).AdvancedBetTracksPage,
    ),
  },
  {
    path: 'advanced-bet-races',
    ...lazyPage(
      async () => (await import('../features/wagering/components/advanced-bet-races-page')).AdvancedBetRacesPage,
    ),
  },
  {
    path: 'multi-race-bet',
    ...lazyPage(async () => (await import('../features/wagering/components/multi-race-bet-page')).MultiRaceBetPage),
  },
  {
    path: 'confirmation',
    ...lazyPage(async () => (await import('../features/wagering/components/confirmation-page')).ConfirmationPage),
  },
  {
    path: 'bet-odds',
    ...lazyPage(async () => (await import('../features/wagering/components/bet-odds-page')).BetOddsPage),
  },
  {
    path: 'bet-payouts',
    ...lazyPage(async () => (await import('../features/wagering/components/bet-payouts-page')).BetPayoutsPage),
  },
  {
    path: 'user-bets',
    ...lazyPage(async () => (await import('../features/wagering/components/user-bets-page')).UserBetsPage),
  },
  {
    path: 'morning-line-odds',
    ...lazyPage(async () => (await import('../features/wagering/components/morning-line-page')).MorningLinePage),
  },
  { path: 'predict-race', ...soon('Race Predictor', AREAS.handicapping) },
  { path: 'horse-race-predictor', ...soon('Race Predictor', AREAS.handicapping) },
  { path: 'race-odds-calculator', ...soon('Odds Calculator', AREAS.handicapping) },
  { path: 'earnings', ...soon('Earnings', AREAS.handicapping) },

  // Accounts
  {
    path: 'profile',
    ...lazyPage(async () => (await import('../features/account/components/profile-page')).ProfilePage),
  },
  {
    path: 'admin/ops/jobs',
    ...lazyPage(async () => (await import('../features/ops/components/ops-jobs-page')).OpsJobsPage),
  },
  {
    path: 'admin-profile',
    ...lazyPage(async () => (await import('../features/account/components/admin-profile-page')).AdminProfilePage),
  },
  { path: 'user-dashboard', ...soon('User Dashboard', AREAS.accounts) },
  { path: 'user-settings', ...soon('User Settings', AREAS.accounts) },
  { path: 'account-settings', ...soon('Account Settings', AREAS.accounts) },
  { path: 'hamburger', ...soon('Menu', AREAS.accounts) },

  // Stable
  { path: 'create-horse', ...soon('Create Horse', AREAS.stable) },
  { path: 'create-horse-page', ...soon('Create Horse', AREAS.stable) },
  { path: 'enter-race', ...soon('Enter Race', AREAS.stable) },
  { path: 'breeding', ...soon('Breeding', AREAS.content) },
  { path: 'horse-training', ...soon('Horse Training', AREAS.content) },
  { path: 'medical', ...soon('Medical', AREAS.content) },
  { path: 'shoeing', ...soon('Shoeing', AREAS.content) },

  // Auction
  ...[
    ['auction', 'Auction'],
    ['auction-horses', 'Auction Horses'],
    ['auction-horses/:id', 'Auction Horse'],
    ['auction-horses/:id/currentbid', 'Current Bid'],
    ['dates', 'Auction Dates'],
    ['public', 'Public Sales'],
    ['private', 'Private Sales'],
    ['bidding', 'Bidding'],
    ['current-highest-bid', 'Current Highest Bid'],
    ['auction-results', 'Auction Results'],
    ['facilities', 'Facilities'],
    ['staff', 'Staff'],
    ['sales-contract', 'Sales Contract'],
    ['sales-contracts', 'Sales Contracts'],
    ['breeding-contracts', 'Breeding Contracts'],
    ['transportation', 'Transportation'],
  ].map(([path, title]) => ({ path, ...soon(title as string, AREAS.auction) })),

  // Operators and feedback
  ...[
    ['insert-columns', 'Insert Columns'],
    ['add-columns', 'Add Columns'],
    ['showDB', 'Tables'],
    ['run-scan-insert', 'Scan and Insert'],
    ['contact-us', 'Contact Us'],
    ['submit-program', 'Submit a Program'],
    ['submit-race', 'Submit a Race'],
    ['submit-bug', 'Report a Bug'],
    ['submit-feedback', 'Feedback'],
  ].map(([path, title]) => ({ path, ...soon(title as string, AREAS.admin) })),
];

const appTest = lazyPage(async () => (await import('../features/ops/components/app-test-page')).AppTestPage);

/**
 * The operations pages, for operators and admins (issue 14 §5; the spec lists /app-test as open,
 * but it places bets and joins rooms, so it sits behind the role guard with the explorer).
 */
const operatorRoutes: RouteObject[] = [
  {
    path: 'endpoint-test',
    ...lazyPage(async () => (await import('../features/ops/components/endpoint-test-page')).EndpointTestPage),
  },
  { path: 'app-test', ...appTest },
  { path: 'app-test/:id', ...appTest },
  // The live view of the deployment (the jobs report, /admin/ops/jobs, checks the role itself).
  { path: 'admin/ops', ...lazyPage(async () => (await import('../features/ops/components/ops-page')).OpsPage) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <ErrorView />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        // A page that fails shows the error view inside the layout, so the menu stays usable.
        errorElement: <ErrorView />,
        children: [
          ...openRoutes,
          {
            element: <ProtectedRoute />,
            children: [...guardedRoutes, { element: <RoleRoute />, children: operatorRoutes }],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
