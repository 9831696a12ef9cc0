import type { ApiOperation } from '@furlong/contracts';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ENDPOINT_METADATA, routePath } from '../src/common/endpoint';
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
  resultId: number;
  trackId: number;
  horseId: number;
  jockeyId: number;
  trainerId: number;
  memberId: number;
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
};

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
    baseUrl = sut.baseUrl;
    world = {
      baseUrl: sut.baseUrl,
      sessions: { anonymous, member, admin: steward },
      openRaceId,
      scratchRaceId,
      resultedRaceId,
      resultId: result?.id as number,
      trackId: race?.track_id as number,
      horseId: horse?.horse_id as number,
      jockeyId: entry?.jockey_id as number,
      trainerId: entry?.trainer_id as number,
      memberId: me.id,
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

  it('should refuse a visitor (401) where an operation needs a session, and a member (403) where it needs a role', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
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
    }
    expect(answers).toEqual(expected);
    expect(expected.length).toBeGreaterThan(10);
  });

  it.each(listOperations().map(({ id, operation }) => [id, operation] as const))(
    '%s should answer its success status with a body that fits its response schema',
    async (id, operation) => {
      const make = SAMPLES[id];
      const sample = make ? await make(world) : catalogSample(id, operation);
      if (!sample) throw new Error(`no sample request for ${id}`);
      const session = sample.session ?? world.sessions[sample.as];
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
