import type { ApiOperation } from '@furlong/contracts';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ENDPOINT_METADATA, routePath } from '../src/common/endpoint';
import { FreeRacingService } from '../src/free-racing/free-racing.service';
import { listOperations } from '../src/openapi/openapi-document';
import { RacingService } from '../src/racing/racing.service';
import { ApiSession } from './support/api-session';
import { finishRace, stageRace } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

/**
 * The contract: every route of the server is an operation of the contracts' table and every
 * operation a route; each operation, asked with valid input, answers its documented success status
 * with a body its response schema accepts. A new operation needs a sample request here.
 */

type Identity = 'anonymous' | 'member' | 'admin';

interface Sample {
  as: Identity;
  /** The path with its parameters filled in and its query, under /api. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A session of its own (e.g. one the request signs out), instead of `as`'s shared one. */
  session?: ApiSession;
}

interface World {
  baseUrl: string;
  sessions: Record<Identity, ApiSession>;
  /** A race open for betting. */
  openRaceId: number;
  /** Another open race, whose runners the scratch sample scratches one by one. */
  scratchRaceId: number;
  /** A race run and resulted. */
  resultedRaceId: number;
  /** A track whose days have room beside their card (fewer than 13 races). */
  roomyTrackId: number;
  /** A scheduled race that takes entries (a field of six: room for the samples' horses). */
  enterRaceId: number;
  resultId: number;
  trackId: number;
  horseId: number;
  jockeyId: number;
  trainerId: number;
  memberId: number;
  /** House horses in no sale, for the auction's samples (each sale takes some). */
  houseHorseIds: number[];
  /** Free boards: the first with its odds window ended (ready to start), the others taking odds. */
  freeBoardIds: number[];
  fresh(): Promise<ApiSession>;
}

let freshCount = 0;
let scratchCount = 0;

/** How to call each operation with valid input, by its id in the table (area.name). */
const SAMPLES: Record<string, (world: World) => Promise<Sample> | Sample> = {
  'health.health': () => ({ as: 'anonymous', path: '/api/health' }),
  'catalog.random': () => ({ as: 'anonymous', path: '/api/random-records/horses/3' }),
  'catalog.pastPerformance': (w) => ({ as: 'anonymous', path: `/api/past_performance/horse_id/${w.horseId}` }),

  'accounts.csrf': () => ({ as: 'anonymous', path: '/api/auth/csrf' }),
  'accounts.register': () => {
    freshCount++;
    const body = {
      username: `joiner${freshCount}`,
      email: `joiner${freshCount}@furlong.test`,
      password: 'joiner password 1',
    };
    return { as: 'anonymous', path: '/api/auth/register', body, session: new ApiSession(baseUrlOf()) };
  },
  'accounts.login': () => ({
    as: 'anonymous',
    path: '/api/auth/login',
    body: { email: 'contractor@furlong.test', password: 'contractor password 1' },
    session: new ApiSession(baseUrlOf()),
  }),
  'accounts.logout': async (w) => ({ as: 'member', path: '/api/auth/logout', session: await w.fresh() }),
  'accounts.createPass': () => ({ as: 'anonymous', path: '/api/auth/pass', session: new ApiSession(baseUrlOf()) }),
  'accounts.pollPass': async (w) => {
    const desk = new ApiSession(w.baseUrl);
    const pass = await desk.request<{ id: string }>('POST', '/api/auth/pass');
    return { as: 'anonymous', path: `/api/auth/pass/${pass.body.id}`, session: desk };
  },
  'accounts.passInfo': async (w) => ({ as: 'member', path: `/api/auth/pass/${await newPass(w)}/info` }),
  'accounts.approvePass': async (w) => ({ as: 'member', path: `/api/auth/pass/${await newPass(w)}/approve` }),
  'accounts.denyPass': async (w) => ({ as: 'member', path: `/api/auth/pass/${await newPass(w)}/deny` }),
  'accounts.redeemLoginLink': async (w) => {
    const link = await (await w.fresh()).request<{ token: string }>('POST', '/api/me/login-link');
    return {
      as: 'anonymous',
      path: '/api/auth/link/redeem',
      body: { token: link.body.token },
      session: new ApiSession(w.baseUrl),
    };
  },
  'accounts.me': () => ({ as: 'member', path: '/api/me' }),
  'accounts.updateMe': () => ({ as: 'member', path: '/api/me', body: { full_name: 'Contract Tester' } }),
  'accounts.myLedger': () => ({ as: 'member', path: '/api/me/ledger?limit=5' }),
  'accounts.changePassword': async (w) => ({
    as: 'member',
    path: '/api/me/password',
    body: { current_password: 'fresh password 12', new_password: 'fresh password 34' },
    session: await w.fresh(),
  }),
  'accounts.createLoginLink': () => ({ as: 'member', path: '/api/me/login-link' }),
  'accounts.userProfile': (w) => ({ as: 'member', path: `/api/users/${w.memberId}` }),
  'accounts.userLedger': (w) => ({ as: 'admin', path: `/api/users/${w.memberId}/ledger` }),
  'accounts.adminUsers': () => ({ as: 'admin', path: '/api/admin/users?limit=5' }),
  'accounts.setUserRole': async (w) => {
    const me = await (await w.fresh()).get<{ id: number }>('/api/me');
    return { as: 'admin', path: `/api/admin/users/${me.body.id}/role`, body: { role: 'operator' } };
  },
  'accounts.adminUpdateUser': async (w) => {
    const me = await (await w.fresh()).get<{ id: number }>('/api/me');
    return { as: 'admin', path: `/api/admin/users/${me.body.id}`, body: { full_name: 'Fresh Face', disabled: true } };
  },
  'accounts.adminDeleteUser': async (w) => {
    const me = await (await w.fresh()).get<{ id: number }>('/api/me');
    return { as: 'admin', path: `/api/admin/users/${me.body.id}` };
  },
  'accounts.adminAdjustWallet': async (w) => {
    const me = await (await w.fresh()).get<{ id: number }>('/api/me');
    return {
      as: 'admin',
      path: `/api/admin/users/${me.body.id}/wallet-adjustments`,
      body: { amount_cents: 1_000, reason: 'a contract sample' },
    };
  },
  'admin.auditLog': () => ({ as: 'admin', path: '/api/admin/audit?limit=5' }),
  'admin.runScanInsert': () => ({ as: 'admin', path: '/api/admin/scan-insert' }),
  'admin.tables': () => ({ as: 'admin', path: '/api/admin/tables' }),
  'admin.tableRows': () => ({ as: 'admin', path: '/api/admin/tables/horses/rows?limit=3' }),
  'admin.lastScanInsert': () => ({ as: 'admin', path: '/api/admin/scan-insert' }),
  'admin.tableFields': () => ({ as: 'admin', path: '/api/admin/tables/jockeys/fields' }),
  'admin.createTableRow': () => ({
    as: 'admin',
    path: '/api/admin/tables/jockeys/rows',
    body: { values: { jockey_name: 'Contract Rider' } },
  }),
  'admin.updateTableRow': (w) => ({
    as: 'admin',
    path: `/api/admin/tables/trainers/rows/${w.trainerId}`,
    body: { values: { trainer_name: 'Contract Trainer' } },
  }),
  'admin.deleteTableRow': async (w) => {
    const made = await w.sessions.admin.request<{ id: number }>('POST', '/api/admin/tables/jockeys/rows', {
      values: { jockey_name: 'Contract Leaver' },
    });
    return { as: 'admin', path: `/api/admin/tables/jockeys/rows/${made.body.id}` };
  },
  'admin.schemaCheck': () => ({ as: 'admin', path: '/api/admin/schema-check' }),
  'customFields.addField': () => ({
    as: 'admin',
    path: '/api/admin/tables/horses/addColumn',
    body: { columnName: `contract_field_${++customFieldCount}`, type: 'one_of', options: ['bay', 'grey'] },
  }),
  'customFields.listFields': () => ({ as: 'admin', path: '/api/admin/custom-fields?table=horses' }),
  'customFields.deleteField': async (w) => ({ as: 'admin', path: `/api/admin/custom-fields/${await customField(w)}` }),
  'customFields.recordFields': (w) => ({ as: 'anonymous', path: `/api/custom-fields/horses/${w.horseId}` }),
  'customFields.setRecordValues': async (w) => {
    await customField(w);
    return {
      as: 'admin',
      path: `/api/admin/custom-fields/horses/${w.horseId}`,
      body: { values: { [`contract_field_${customFieldCount}`]: "'); DROP TABLE horses;--" } },
    };
  },
  'customFields.bulkValues': async (w) => ({
    as: 'admin',
    path: `/api/admin/custom-fields/${await customField(w)}/values`,
    body: { values: [{ row_id: w.horseId, value: 'a bulk value' }] },
  }),
  'customFields.fieldValues': async (w) => ({
    as: 'admin',
    path: `/api/admin/custom-fields/${await customField(w)}/values?limit=5&q=a`,
  }),
  'racing.scratchRunner': (w) => ({
    as: 'admin',
    path: `/api/admin/current_races/${w.scratchRaceId}/scratches`,
    body: { post_position: ++scratchCount, reason: 'Vet scratch' },
  }),
  'ops.jobs': () => ({ as: 'admin', path: '/api/ops/jobs' }),
  'ops.live': () => ({ as: 'admin', path: '/api/ops/live' }),

  'stats.jockey': (w) => ({ as: 'anonymous', path: `/api/stats/jockeys/${w.jockeyId}` }),
  'stats.trainer': (w) => ({ as: 'anonymous', path: `/api/stats/trainers/${w.trainerId}` }),
  'stats.leaders': () => ({ as: 'anonymous', path: '/api/stats/leaders?kind=trainers&sort=win_pct&limit=5' }),
  'stats.overview': () => ({ as: 'anonymous', path: '/api/stats/overview' }),
  'stats.trackConditions': () => ({ as: 'anonymous', path: '/api/stats/track-conditions' }),
  'stats.trackTypes': () => ({ as: 'anonymous', path: '/api/stats/track-types' }),
  'earnings.summary': (w) => ({ as: 'anonymous', path: `/api/earnings/horses/${w.horseId}` }),
  'earnings.starts': (w) => ({ as: 'anonymous', path: `/api/earnings/trainers/${w.trainerId}/starts?limit=5` }),
  'earnings.horses': (w) => ({ as: 'anonymous', path: `/api/earnings/jockeys/${w.jockeyId}/horses?limit=5` }),
  'earnings.allHorses': () => ({ as: 'anonymous', path: '/api/earnings/horses?limit=5&offset=5' }),

  'wagering.placeBets': (w) => ({
    as: 'member',
    path: '/api/bets',
    headers: { 'Idempotency-Key': `contract-slip-${Date.now()}` },
    body: {
      bets: [
        { bet_type: 'Win', race_ids: [w.openRaceId], amount_cents: 200, selections: [[1]], box: false },
        { bet_type: 'Exacta', race_ids: [w.openRaceId], amount_cents: 100, selections: [[1, 2]], box: true },
      ],
    },
  }),
  'wagering.myBets': () => ({ as: 'member', path: '/api/me/bets?limit=5' }),
  'wagering.userBets': (w) => ({ as: 'admin', path: `/api/users/${w.memberId}/bets` }),
  'wagering.tote': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.openRaceId}/tote` }),
  'wagering.racePayoffs': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.resultedRaceId}/payoffs` }),
  'wagering.raceResults': (w) => ({ as: 'anonymous', path: `/api/race_results?track_id=${w.trackId}&limit=5` }),

  'program.trackCard': (w) => ({ as: 'anonymous', path: `/api/program/tracks/${w.trackId}/card` }),
  'program.listCurrentRaces': () => ({ as: 'anonymous', path: '/api/current_races?limit=5' }),
  'program.currentRace': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.openRaceId}` }),
  'program.nextToPost': () => ({ as: 'anonymous', path: '/api/next_to_post?limit=5' }),
  'program.morningLine': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.openRaceId}/morning_line` }),

  'racing.currentRaceResult': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.resultedRaceId}/result` }),
  'racing.verify': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.resultedRaceId}/verify` }),
  'racing.raceResult': (w) => ({ as: 'anonymous', path: `/api/race_results/${w.resultId}` }),
  'racing.runnerStats': () => ({ as: 'anonymous', path: '/api/racing/runner' }),

  'handicapping.predictorField': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.openRaceId}/predictor` }),
  'handicapping.backtest': () => ({ as: 'anonymous', path: '/api/handicapping/backtest?win_rate=0.5&earnings=0' }),
  'handicapping.myPredictorWeights': () => ({ as: 'member', path: '/api/me/predictor_weights' }),
  'handicapping.savePredictorWeights': () => ({
    as: 'member',
    path: '/api/me/predictor_weights',
    body: { win_rate: 0.25, average_speed: 0.3, earnings: 0, last_race_time: 0.3, jockey_win_rate: 0.15 },
  }),
  'fairOdds.raceFairOdds': (w) => ({ as: 'anonymous', path: `/api/current_races/${w.openRaceId}/fair_odds` }),
  'fairOdds.calibration': () => ({ as: 'anonymous', path: '/api/handicapping/fair_odds_calibration?bins=10' }),

  'stable.dashboard': () => ({ as: 'member', path: '/api/stable' }),
  'stable.createHorse': () => ({
    as: 'member',
    path: '/api/stable/horses',
    body: horseBody(`Contract Colt ${++horseCount}`),
  }),
  'stable.horse': async (w) => {
    const { session, id } = await stableHorse(w);
    return { as: 'member', session, path: `/api/stable/horses/${id}` };
  },
  'stable.enterableRaces': (w) => ({ as: 'anonymous', path: `/api/stable/races?track_id=${w.trackId}` }),
  'stable.enter': async (w) => {
    const { session, id } = await stableHorse(w);
    return {
      as: 'member',
      session,
      path: '/api/stable/entries',
      body: { horse_id: id, current_race_id: w.enterRaceId },
    };
  },
  'stable.train': async (w) => {
    const { session, id } = await stableHorse(w);
    return { as: 'member', session, path: `/api/stable/horses/${id}/training`, body: { regimen: 'stamina' } };
  },
  'stable.treat': async (w) => {
    const { session, id } = await stableHorse(w);
    return { as: 'member', session, path: `/api/stable/horses/${id}/medical`, body: { treatment: 'vet_check' } };
  },
  'stable.equip': async (w) => {
    const { session, id } = await stableHorse(w);
    return {
      as: 'member',
      session,
      path: `/api/stable/horses/${id}/equipment`,
      body: { shoe: 'turf', gear: ['earplugs'] },
    };
  },
  'stable.stud': async (w) => {
    const { session, id } = await stableHorse(w, { dob: '2019-04-01' });
    return { as: 'member', session, path: `/api/stable/horses/${id}/stud`, body: { fee_cents: 25_000 } };
  },
  'stable.breedings': () => ({ as: 'member', path: '/api/stable/breedings' }),
  'stable.breed': async (w) => {
    const { session, id: sire } = await stableHorse(w, { dob: '2019-04-01' });
    const { id: dam } = await stableHorse(w, { dob: '2020-04-01', gender: 'female' }, session);
    return {
      as: 'member',
      session,
      path: '/api/stable/breedings',
      body: { sire_id: sire, dam_id: dam, foal_name: `Contract Foal ${++horseCount}` },
    };
  },
  'stable.withdraw': async (w) => {
    const { session, id } = await stableHorse(w);
    const res = await session.request<{ entry: { id: number } }>('POST', '/api/stable/entries', {
      horse_id: id,
      current_race_id: w.enterRaceId,
    });
    if (res.status !== 201) throw new Error(`entry refused: ${res.status} ${JSON.stringify(res.body)}`);
    return { as: 'member', session, path: `/api/stable/entries/${res.body.entry.id}` };
  },
  'stable.scheduleCreatedRace': async (w) => {
    const made = await w.sessions.member.request<{ id: number }>('POST', '/api/created_races');
    if (made.status !== 201) throw new Error(`race not created: ${made.status} ${JSON.stringify(made.body)}`);
    return {
      as: 'admin',
      path: `/api/admin/created_races/${made.body.id}/schedule`,
      // A day far ahead, whose card nobody has made; a track with room beside its card.
      body: { post_time: new Date(Date.now() + 200 * 86_400_000).toISOString(), track_id: w.roomyTrackId },
    };
  },
  'stable.createdRaces': () => ({ as: 'anonymous', path: '/api/created_races' }),
  'stable.createRace': () => ({ as: 'member', path: '/api/created_races' }),

  'auction.sales': () => ({ as: 'anonymous', path: '/api/auction/sales?status=live' }),
  'auction.lots': () => ({ as: 'anonymous', path: '/api/auction-horses?status=live&sort=price&order=desc' }),
  'auction.lot': async (w) => ({ as: 'anonymous', path: `/api/auction-horses/${await auctionLot(w)}` }),
  'auction.currentBid': async (w) => ({
    as: 'anonymous',
    path: `/api/auction-horses/${await auctionLot(w)}/currentbid`,
  }),
  'auction.bid': async (w) => ({
    as: 'member',
    session: await w.fresh(),
    path: `/api/auction-horses/${await auctionLot(w)}/bids`,
    body: { amount_cents: 10_000, seen_price_cents: null, kind: 'max' },
    headers: { 'Idempotency-Key': `contract-bid-${++auctionCount}` },
  }),
  'auction.myBids': () => ({ as: 'member', path: '/api/auction/bidding' }),
  'auction.consign': async (w) => {
    const { session, id } = await stableHorse(w);
    return {
      as: 'member',
      session,
      path: '/api/auction/consignments',
      body: { horse_id: id, starting_bid_cents: 10_000 },
    };
  },
  'auction.createSale': (w) => saleBody(w),
  'auction.contracts': () => ({ as: 'member', path: '/api/sales-contracts' }),
  'auction.createContract': () => ({ as: 'member', path: '/api/sales-contracts', body: contractBody() }),
  'auction.contract': async (w) => ({ as: 'member', path: `/api/sales-contracts/${await contractId(w)}` }),
  'auction.contractPdf': async (w) => ({ as: 'member', path: `/api/sales-contracts/${await contractId(w)}/pdf` }),
  'auction.signContract': async (w) => {
    const buyer = await w.fresh();
    const me = await buyer.get<{ username: string }>('/api/me');
    const made = await w.sessions.member.request<{ id: number }>('POST', '/api/sales-contracts', {
      ...contractBody(),
      counterparty: me.body.username,
    });
    return {
      as: 'member',
      session: buyer,
      path: `/api/sales-contracts/${made.body.id}/signature`,
      body: { signature: 'Con Tract' },
    };
  },
  'saleCompany.saleCompany': () => ({ as: 'anonymous', path: '/api/sale-company' }),
  'saleCompany.requestTransportQuote': () => ({
    as: 'member',
    path: '/api/transport-quotes',
    body: {
      from_place: 'Furlong Park Sales',
      to_place: 'Aville Downs',
      distance_km: 250,
      horses: 2,
      service: 'van_shared',
      travel_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      insurance: true,
    },
  }),
  'saleCompany.myTransportQuotes': () => ({ as: 'member', path: '/api/transport-quotes' }),

  'info.infoPage': () => ({ as: 'anonymous', path: '/api/info/learn-about-racing' }),
  'info.infoPagePdf': () => ({ as: 'anonymous', path: '/api/info/faqs/pdf' }),
  'forms.sendInsuranceQuote': () => ({
    as: 'anonymous',
    path: '/api/send-email',
    headers: { 'x-forwarded-for': '192.0.2.20' },
    body: {
      firstName: 'Sam',
      lastName: 'Ple',
      phone: '555 010 4455',
      email: 'sample.quote@furlong.test',
      propertyZip: '73301',
      name1dob: '1975-06-30',
      homeYear: 2008,
      length: 60,
      width: 14,
      privateLand: true,
      street: '3 Pecan Road',
      city: 'Austin',
      state: 'TX',
      purchasePrice: 64_000,
      effectiveDate: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      ownerOccupied: true,
      floodCoverage: true,
    },
  }),
  'forms.sendMessage': () => ({
    as: 'anonymous',
    path: '/api/messages',
    headers: { 'x-forwarded-for': '192.0.2.21' },
    body: {
      kind: 'feedback',
      name: 'Sam Ple',
      email: 'sample.message@furlong.test',
      subject: 'The race screen',
      message: 'The leaderboard beside the race is great.',
    },
  }),
  'forms.outbox': () => ({ as: 'admin', path: '/api/admin/outbox?status=queued&limit=10' }),
  'news.news': () => ({ as: 'anonymous', path: '/api/news?limit=4&offset=0' }),
  'freeRacing.boards': () => ({ as: 'anonymous', path: '/api/free/boards' }),
  'freeRacing.board': (w) => ({ as: 'anonymous', path: `/api/free/boards/${w.freeBoardIds[1]}` }),
  'freeRacing.start': (w) => ({ as: 'anonymous', path: `/api/free/boards/${w.freeBoardIds[0]}/start` }),
  'freeRacing.pick': (w) => ({ as: 'member', path: `/api/free/boards/${w.freeBoardIds[1]}/picks`, body: { post: 3 } }),
  'freeRacing.myPicks': () => ({ as: 'member', path: '/api/free/picks' }),
  'freeRacing.leaderBoard': () => ({ as: 'anonymous', path: '/api/free/leader-board?period=all' }),
  'racingDay.racingDay': () => ({ as: 'anonymous', path: '/api/racing_day' }),
  'featured.featured': () => ({ as: 'anonymous', path: '/api/featured' }),
  'settings.mySettings': () => ({ as: 'member', path: '/api/me/settings' }),
  'settings.updateMySettings': () => ({
    as: 'member',
    path: '/api/me/settings',
    body: {
      time_zone: 'America/New_York',
      odds_format: 'decimal',
      default_bet_amount_cents: 300,
      notify_own_horse_running: true,
      notify_own_bet_results: false,
    },
  }),
};

let customFieldCount = 0;

/** A new text field on horses (its name `contract_field_<n>`); resolves its id. */
async function customField(w: World): Promise<number> {
  const made = await w.sessions.admin.request<{ id: number }>('POST', '/api/admin/tables/horses/addColumn', {
    columnName: `contract_field_${++customFieldCount}`,
    type: 'text',
  });
  if (made.status !== 201) throw new Error(`field not made: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.id;
}

let auctionCount = 0;

/** An admin's sale of one house horse (its lot closing in an hour). */
function saleBody(w: World): Sample {
  const horse = w.houseHorseIds.pop();
  if (horse === undefined) throw new Error('no house horse left for the auction samples');
  return {
    as: 'admin',
    path: '/api/admin/auction/sales',
    body: {
      name: `Contract sale ${++auctionCount}`,
      kind: 'public',
      first_close_at: new Date(Date.now() + 3_600_000).toISOString(),
      lots: [{ horse_id: horse, starting_bid_cents: 10_000, reserve_cents: null }],
    },
  };
}

/** A lot open for bids, in a sale of its own. */
async function auctionLot(w: World): Promise<number> {
  const sample = saleBody(w);
  const made = await w.sessions.admin.request<{ id: number }>('POST', sample.path, sample.body);
  if (made.status !== 201) throw new Error(`sale not made: ${made.status} ${JSON.stringify(made.body)}`);
  const lots = await w.sessions.admin.get<{ items: { id: number }[] }>(`/api/auction-horses?sale_id=${made.body.id}`);
  return lots.body.items[0]?.id as number;
}

/** The sales contract form, the member selling to the admin. */
const contractBody = () => ({
  contract_date: '2026-11-26',
  your_side: 'seller',
  counterparty: 'admin',
  horse_name: 'Contract Filly',
  purchase_price_cents: 500_000,
  payment_days: 30,
  delivery_days: 14,
  state: 'KY',
  signature: 'Contract Seller',
});

async function contractId(w: World): Promise<number> {
  const made = await w.sessions.member.request<{ id: number }>('POST', '/api/sales-contracts', contractBody());
  if (made.status !== 201) throw new Error(`contract not made: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body.id;
}

let horseCount = 0;

/** A create-horse body with the seed's first breed. */
function horseBody(name: string, extra: Record<string, unknown> = {}) {
  return {
    horse_name: name,
    breed_id: 1,
    color: 'chestnut',
    dob: '2021-05-01',
    gender: 'male',
    height_hands: 16,
    weight_lbs: 1000,
    sire: 'Contract Sire',
    dam: 'Contract Dam',
    breeder: 'Contract Farm',
    ...extra,
  };
}

/** A horse of a new member (each sample its own: the stable limits how many a user creates a day). */
async function stableHorse(
  w: World,
  extra: Record<string, unknown> = {},
  session?: ApiSession,
): Promise<{ session: ApiSession; id: number }> {
  const owner = session ?? (await w.fresh());
  const res = await owner.request<{ id: number }>(
    'POST',
    '/api/stable/horses',
    horseBody(`Contract Horse ${++horseCount}`, extra),
  );
  if (res.status !== 201) throw new Error(`horse not created: ${res.status} ${JSON.stringify(res.body)}`);
  return { session: owner, id: res.body.id };
}

let baseUrl = '';
const baseUrlOf = () => baseUrl;

/** A pass login waiting for approval (made by a device with no session). */
async function newPass(w: World): Promise<string> {
  return (await new ApiSession(w.baseUrl).request<{ id: string }>('POST', '/api/auth/pass')).body.id;
}

/** The catalog's list and record operations: every kind the same way. */
function catalogSample(id: string, operation: ApiOperation): Sample | undefined {
  const m = /^catalog\.(\w+)\.(list|get)$/.exec(id);
  if (!m) return undefined;
  return m[2] === 'list'
    ? { as: 'anonymous', path: `/api${operation.path}?limit=3` }
    : { as: 'anonymous', path: `/api${operation.path.replace('{id}', '1')}` };
}

describe('API contract: routes, operations and response schemas agree', () => {
  const dbName = uniqueName('furlong_contract');
  const admin = { email: 'contract-admin@furlong.test', password: 'contract admin password' };
  let sut: TestApp;
  let world: World;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 13, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      REGISTER_MAX_PER_IP_PER_HOUR: '100000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
    });
    const db = sut.app.get(DataSource);
    const anonymous = new ApiSession(sut.baseUrl);
    const member = new ApiSession(sut.baseUrl);
    const me = await member.signUp('contractor', 'contractor@furlong.test', 'contractor password 1');
    const steward = new ApiSession(sut.baseUrl);
    await steward.logIn(admin.email, admin.password);

    const openRaceId = await stageRace(sut.app, { startsInWallMs: 30 * 60_000 });
    await sut.app.get(RacingService).open([openRaceId]);
    const scratchRaceId = await stageRace(sut.app, { startsInWallMs: 30 * 60_000 });
    await sut.app.get(RacingService).open([scratchRaceId]);
    const enterRaceId = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    await db.query('DELETE FROM current_race_entries WHERE current_race_id = $1 AND post_position > 6', [enterRaceId]);
    const [roomy]: { id: number }[] = await db.query(
      'SELECT id FROM tracks WHERE daily_races < 13 ORDER BY id LIMIT 1',
    );
    const resultedRaceId = await stageRace(sut.app, { startsInWallMs: 60_000 });
    await sut.app.get(RacingService).open([resultedRaceId]);
    await finishRace(sut.app, resultedRaceId);
    const [result]: { id: number }[] = await db.query('SELECT id FROM race_results WHERE current_race_id = $1', [
      resultedRaceId,
    ]);
    const [race]: { track_id: number }[] = await db.query('SELECT track_id FROM current_races WHERE id = $1', [
      openRaceId,
    ]);
    const [horse]: { horse_id: number }[] = await db.query(
      'SELECT horse_id FROM race_result_finishers ORDER BY horse_id LIMIT 1',
    );
    const [entry]: { jockey_id: number; trainer_id: number }[] = await db.query(
      'SELECT jockey_id, trainer_id FROM race_entries ORDER BY race_id LIMIT 1',
    );
    const freeBoardIds = (await sut.app.get(FreeRacingService).makeSetIfDue()).map((b) => b.id);
    await db.query(`UPDATE free_boards SET odds_close_at = now() - interval '1 second' WHERE id = $1`, [
      freeBoardIds[0],
    ]);
    baseUrl = sut.baseUrl;
    world = {
      baseUrl: sut.baseUrl,
      sessions: { anonymous, member, admin: steward },
      openRaceId,
      scratchRaceId,
      resultedRaceId,
      enterRaceId,
      roomyTrackId: roomy?.id as number,
      resultId: result?.id as number,
      trackId: race?.track_id as number,
      horseId: horse?.horse_id as number,
      jockeyId: entry?.jockey_id as number,
      trainerId: entry?.trainer_id as number,
      memberId: me.id,
      houseHorseIds: (
        (await db.query('SELECT id FROM horses WHERE user_id IS NULL ORDER BY id DESC LIMIT 40')) as { id: number }[]
      ).map((r) => r.id),
      freeBoardIds,
      async fresh() {
        const session = new ApiSession(sut.baseUrl);
        freshCount++;
        await session.signUp(`fresh${freshCount}`, `fresh${freshCount}@furlong.test`, 'fresh password 12');
        return session;
      },
    };
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should bind every route to one operation of the table, and every operation to one route', () => {
    const bound: string[] = [];
    const unbound: string[] = [];
    for (const module of sut.app.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const prototype = (wrapper.metatype as { prototype?: object } | null)?.prototype;
        if (!prototype) continue;
        for (const name of Object.getOwnPropertyNames(prototype)) {
          const handler = (prototype as Record<string, unknown>)[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
          const operation = Reflect.getMetadata(ENDPOINT_METADATA, handler) as ApiOperation | undefined;
          if (!operation) {
            unbound.push(`${wrapper.name}.${name} ${Reflect.getMetadata(PATH_METADATA, handler)}`);
            continue;
          }
          expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe(routePath(operation));
          bound.push(`${operation.method} ${operation.path}`);
        }
      }
    }
    const table = listOperations().map(({ operation }) => `${operation.method} ${operation.path}`);
    expect(unbound).toEqual([]);
    expect(bound.sort()).toEqual(table.sort());
  });

  it('should have a sample request for every operation', () => {
    const missing = listOperations()
      .filter(({ id, operation }) => !SAMPLES[id] && !catalogSample(id, operation))
      .map(({ id }) => id);
    expect(missing).toEqual([]);
  });

  it('should refuse a visitor (401) where an operation needs a session, a member (403) where it needs a role, and an operator (403) where it needs an admin', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    // An operator: a member made one in the database, logged in again so the session carries it.
    const operator = await world.fresh();
    const me = (await operator.get<{ id: number; email: string }>('/api/me')).body;
    await sut.app.get(DataSource).query(`UPDATE users SET role = 'operator' WHERE id = $1`, [me.id]);
    expect((await operator.logIn(me.email, 'fresh password 12')).role).toBe('operator');
    for (const { id, operation } of listOperations()) {
      if (operation.access === 'public') continue;
      const make = SAMPLES[id];
      const sample = make ? await make(world) : catalogSample(id, operation);
      if (!sample) continue;
      const method = operation.method.toUpperCase();
      const visitor = await new ApiSession(world.baseUrl).request(method, sample.path, sample.body, {
        headers: sample.headers,
      });
      answers.push(`${id} visitor ${visitor.status}`);
      expected.push(`${id} visitor 401`);
      if (operation.access === 'operator' || operation.access === 'admin') {
        const member = await (await world.fresh()).request(method, sample.path, sample.body, {
          headers: sample.headers,
        });
        answers.push(`${id} member ${member.status}`);
        expected.push(`${id} member 403`);
      }
      if (operation.access === 'admin') {
        const refused = await operator.request(method, sample.path, sample.body, { headers: sample.headers });
        answers.push(`${id} operator ${refused.status}`);
        expected.push(`${id} operator 403`);
      }
    }
    expect(answers).toEqual(expected);
    expect(expected.filter((e) => e.endsWith('operator 403')).length).toBeGreaterThan(15);
    expect(expected.length).toBeGreaterThan(10);
  });

  it.each(listOperations().map(({ id, operation }) => [id, operation] as const))(
    '%s should answer its success status with a body that fits its response schema',
    async (id, operation) => {
      const make = SAMPLES[id];
      const sample = make ? await make(world) : catalogSample(id, operation);
      if (!sample) throw new Error(`no sample request for ${id}`);
      const session = sample.session ?? world.sessions[sample.as];
      if (operation.file) {
        const cookie = [...session.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
        const file = await fetch(`${world.baseUrl}${sample.path}`, { headers: { cookie } });
        expect({ id, status: file.status, type: file.headers.get('content-type') }).toEqual({
          id,
          status: operation.status,
          type: operation.file,
        });
        return;
      }
      const res = await session.request(operation.method.toUpperCase(), sample.path, sample.body, {
        headers: sample.headers,
      });
      expect({ id, status: res.status, body: res.status === operation.status ? 'ok' : res.body }).toEqual({
        id,
        status: operation.status,
        body: 'ok',
      });
      if (!operation.response) {
        expect(res.body).toBeUndefined();
        return;
      }
      const parsed = operation.response.safeParse(res.body);
      expect({ id, issues: parsed.success ? [] : parsed.error.issues.slice(0, 5) }).toEqual({ id, issues: [] });
      // Nothing undocumented either: a field the schema does not name would be stripped by the parse.
      expect(parsed.data).toEqual(res.body);
    },
  );
});
