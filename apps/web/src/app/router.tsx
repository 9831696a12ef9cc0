import type { CatalogKindName, InfoPageSlug } from '@furlong/contracts';
import { isCustomFieldEntity } from '@furlong/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from '../components/ui/status';
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
    if (!isCustomFieldEntity(kind)) return () => <RecordSheetPage key={kind} kind={kind} />;
    // Horses, jockeys, trainers, owners and tracks show their custom fields under "More details".
    const { MoreDetails } = await import('../features/custom-fields/components/more-details');
    return () => <RecordSheetPage key={kind} kind={kind} more={(id) => <MoreDetails table={kind} id={id} />} />;
  });

const predictor = lazyPage(
  async () => (await import('../features/handicapping/components/predict-race-page')).PredictRacePage,
);

const stats = (name: string) =>
  lazyPage(async () => (await import('../features/stats/components/stats-pages'))[name as 'StatisticsPage']);

// Live racing: Pixi and socket.io-client load only with these pages, never with the home route.
const currentRaces = lazyPage(
  async () => (await import('../features/racing/components/current-races-page')).CurrentRacesPage,
);

// The create-horse form answers at both of its paths.
const createHorse = lazyPage(
  async () => (await import('../features/stable/components/create-horse-page')).CreateHorsePage,
);

// The information pages: one component, the page's document by its path.
const infoPage = (page: InfoPageSlug) =>
  lazyPage(async () => {
    const { InfoPage } = await import('../features/info/components/info-page');
    return () => <InfoPage key={page} page={page} />;
  });

const settingsPage = (title: string) =>
  lazyPage(async () => {
    const { SettingsPage } = await import('../features/settings/components/settings-page');
    return () => <SettingsPage title={title} />;
  });

const betsPage = lazyPage(async () => (await import('../features/wagering/components/bets-page')).BetsPage);

// Forms that reach someone (issue 20): open to anyone, mailed from the outbox.
const formPage = (
  name: 'ContactUsPage' | 'SubmitProgramPage' | 'SubmitRacePage' | 'SubmitBugPage' | 'SubmitFeedbackPage',
) => lazyPage(async () => (await import('../features/forms/components/message-page'))[name]);

/** Routes anyone may open (spec §2.1). */
const openRoutes: RouteObject[] = [
  {
    path: 'insurance-quote',
    ...lazyPage(async () => (await import('../features/forms/components/insurance-quote-page')).InsuranceQuotePage),
  },
  { path: 'contact-us', ...formPage('ContactUsPage') },
  { path: 'submit-program', ...formPage('SubmitProgramPage') },
  { path: 'submit-race', ...formPage('SubmitRacePage') },
  { path: 'submit-bug', ...formPage('SubmitBugPage') },
  { path: 'submit-feedback', ...formPage('SubmitFeedbackPage') },
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
  {
    path: 'dashboard',
    ...lazyPage(async () => (await import('../features/dashboard/components/dashboard-page')).DashboardPage),
  },
  // A visitor's settings live in this browser, so the page is open; an account's are saved.
  { path: 'user-settings', ...settingsPage('User Settings') },
  // The menu as a page for a phone: open, so a visitor can find Login from it.
  { path: 'hamburger', ...lazyPage(async () => (await import('./hamburger-page')).HamburgerPage) },
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
  { path: 'learn-about-racing', ...infoPage('learn-about-racing') },
  { path: 'news', ...lazyPage(async () => (await import('../features/news/components/news-page')).NewsPage) },
  { path: 'tutorial', ...infoPage('tutorial') },
  { path: 'instructions', ...infoPage('instructions') },
  { path: 'faqs', ...infoPage('faqs') },
  {
    path: 'free-race',
    ...lazyPage(async () => (await import('../features/free-racing/components/free-race-page')).FreeRacePage),
  },
  {
    path: 'free-random-data',
    ...lazyPage(
      async () => (await import('../features/free-racing/components/free-random-data-page')).FreeRandomDataPage,
    ),
  },
  {
    path: 'free-tote-board',
    ...lazyPage(
      async () => (await import('../features/free-racing/components/free-tote-board-page')).FreeToteBoardPage,
    ),
  },
  {
    path: 'free-leader-board',
    ...lazyPage(
      async () => (await import('../features/free-racing/components/free-leader-board-page')).FreeLeaderBoardPage,
    ),
  },
  {
    path: 'free-program-card',
    ...lazyPage(
      async () => (await import('../features/free-racing/components/free-program-card-page')).FreeProgramCardPage,
    ),
  },
  // The sale company's pages (issue 19): the spec lists them in the guarded group, but they are the
  // auction house's public face (ground, people, rates); only requesting a quote needs a login.
  {
    path: 'facilities',
    ...lazyPage(async () => (await import('../features/sale-company/components/facilities-page')).FacilitiesPage),
  },
  {
    path: 'staff',
    ...lazyPage(async () => (await import('../features/sale-company/components/staff-page')).StaffPage),
  },
  {
    path: 'transportation',
    ...lazyPage(
      async () => (await import('../features/sale-company/components/transportation-page')).TransportationPage,
    ),
  },
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
  ...(['horses', 'jockeys', 'trainers', 'owners', 'tracks', 'races'] as const).map((kind) => ({
    path: kind,
    ...catalogList(kind),
  })),
  // The spec's Auctions menu has /breeds: the lots on sale by breed (the breed catalogue stays at GET /api/breeds).
  {
    path: 'breeds',
    ...lazyPage(async () => (await import('../features/auction/components/auction-breeds-page')).AuctionBreedsPage),
  },
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
  {
    path: 'create-races',
    ...lazyPage(async () => (await import('../features/stable/components/create-races-page')).CreateRacesPage),
  },
  { path: 'gear', ...lazyPage(async () => (await import('../features/stable/components/equipment-pages')).GearPage) },

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
  { path: 'predict-race', ...predictor },
  { path: 'horse-race-predictor', ...predictor },
  {
    path: 'race-odds-calculator',
    ...lazyPage(
      async () => (await import('../features/handicapping/components/odds-calculator-page')).OddsCalculatorPage,
    ),
  },
  {
    path: 'earnings',
    ...lazyPage(async () => (await import('../features/earnings/components/earnings-page')).EarningsPage),
  },

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
  {
    path: 'showDB',
    ...lazyPage(async () => (await import('../features/admin/components/tables-page')).TablesPage),
  },
  {
    path: 'compare-columns',
    ...lazyPage(async () => (await import('../features/admin/components/compare-columns-page')).CompareColumnsPage),
  },
  {
    path: 'run-scan-insert',
    ...lazyPage(async () => (await import('../features/admin/components/scan-insert-page')).ScanInsertPage),
  },
  {
    path: 'admin/audit',
    ...lazyPage(async () => (await import('../features/admin/components/audit-log-page')).AuditLogPage),
  },
  {
    path: 'user-dashboard',
    ...lazyPage(async () => (await import('../features/stable/components/user-dashboard-page')).UserDashboardPage),
  },
  { path: 'account-settings', ...settingsPage('Account Settings') },
  // The admins' outbox (the page shows the server's 403 to anyone else).
  {
    path: 'admin/outbox',
    ...lazyPage(async () => (await import('../features/forms/components/outbox-page')).OutboxPage),
  },

  // Stable
  { path: 'create-horse', ...createHorse },
  { path: 'create-horse-page', ...createHorse },
  {
    path: 'enter-race',
    ...lazyPage(async () => (await import('../features/stable/components/enter-race-page')).EnterRacePage),
  },
  {
    path: 'breeding',
    ...lazyPage(async () => (await import('../features/stable/components/breeding-page')).BreedingPage),
  },
  {
    path: 'horse-training',
    ...lazyPage(async () => (await import('../features/stable/components/horse-training-page')).HorseTrainingPage),
  },
  {
    path: 'medical',
    ...lazyPage(async () => (await import('../features/stable/components/medical-page')).MedicalPage),
  },
  {
    path: 'shoeing',
    ...lazyPage(async () => (await import('../features/stable/components/equipment-pages')).ShoeingPage),
  },

  // Auction (facilities, staff and transportation come with another change)
  {
    path: 'auction',
    ...lazyPage(async () => (await import('../features/auction/components/auction-page')).AuctionPage),
  },
  {
    path: 'auction-horses',
    ...lazyPage(async () => (await import('../features/auction/components/auction-horses-page')).AuctionHorsesPage),
  },
  {
    path: 'auction-horses/:id',
    ...lazyPage(async () => (await import('../features/auction/components/lot-page')).LotPage),
  },
  {
    path: 'auction-horses/:id/currentbid',
    ...lazyPage(async () => (await import('../features/auction/components/current-bid-page')).CurrentBidPage),
  },
  {
    path: 'dates',
    ...lazyPage(async () => (await import('../features/auction/components/auction-dates-page')).AuctionDatesPage),
  },
  {
    path: 'public',
    ...lazyPage(async () => (await import('../features/auction/components/sale-kind-pages')).PublicSalesPage),
  },
  {
    path: 'private',
    ...lazyPage(async () => (await import('../features/auction/components/sale-kind-pages')).PrivateSalesPage),
  },
  {
    path: 'bidding',
    ...lazyPage(async () => (await import('../features/auction/components/bidding-page')).BiddingPage),
  },
  {
    path: 'current-highest-bid',
    ...lazyPage(
      async () => (await import('../features/auction/components/current-highest-bid-page')).CurrentHighestBidPage,
    ),
  },
  {
    path: 'auction-results',
    ...lazyPage(async () => (await import('../features/auction/components/auction-results-page')).AuctionResultsPage),
  },
  {
    path: 'sales-contract',
    ...lazyPage(async () => (await import('../features/auction/components/sales-contract-page')).SalesContractPage),
  },
  {
    path: 'sales-contracts',
    ...lazyPage(async () => (await import('../features/auction/components/sales-contracts-page')).SalesContractsPage),
  },
  {
    path: 'breeding-contracts',
    ...lazyPage(
      async () => (await import('../features/auction/components/breeding-contracts-page')).BreedingContractsPage,
    ),
  },

  // Operators and feedback: custom fields instead of raw columns (admins; the pages say so to anyone else)
  {
    path: 'insert-columns',
    ...lazyPage(
      async () => (await import('../features/custom-fields/components/insert-columns-page')).InsertColumnsPage,
    ),
  },
  {
    path: 'add-columns',
    ...lazyPage(async () => (await import('../features/custom-fields/components/add-columns-page')).AddColumnsPage),
  },
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
