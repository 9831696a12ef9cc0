import { createHash } from 'node:crypto';
import type {
  ApiErrorResponse,
  AuditPage,
  CareResult,
  CreatedRaceView,
  EnterableRace,
  LedgerPage,
  StableDashboard,
  StableEntry,
  StableHorse,
} from '@furlong/contracts';
import { effectiveRating, officialTimeMs, TRAINING_COST_CENTS } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { RacingService } from '../src/racing/racing.service';
import { StableJobs } from '../src/stable/stable.jobs';
import { ApiSession } from './support/api-session';
import { finishRace, stageRace } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const FEE = 2500;
const ADMIN_EMAIL = 'stable-steward@furlong.test';
const ADMIN_PASSWORD = 'the stewards password';

// The owner's day against the real PostgreSQL: create a horse (its ability drawn, never typed),
// enter it in a scheduled race for a fee, the race opens with the horse rated on its ability and
// condition (fixed with the seed), runs, and the purse reaches the owner's wallet; a cancelled
// race refunds the fee; care costs money and fatigue; a mare and a stallion make a foal; the
// random race generator; the ledger sums to zero throughout.
describe('The stable', () => {
  const dbName = uniqueName('furlong_stable');
  let sut: TestApp;
  let owner: ApiSession;
  let breedId: number;
  let users = 0;

  const db = () => sut.app.get(DataSource);
  const sweep = () => sut.app.get(StableJobs).sweep({ reason: 'race' });
  const years = (n: number) => `${new Date().getUTCFullYear() - n}-03-15`;

  async function member(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`stableowner${users}`, `stableowner${users}@furlong.test`, PASSWORD);
    return session;
  }

  const horseBody = (name: string, extra: Record<string, unknown> = {}) => ({
    horse_name: name,
    breed_id: breedId,
    color: 'bay',
    dob: years(4),
    gender: 'male',
    height_hands: 16,
    weight_lbs: 1000,
    sire: 'Storm Cat',
    dam: 'Miss Prospector',
    breeder: 'Lane End Farm',
    ...extra,
  });

  async function create(session: ApiSession, name: string, extra: Record<string, unknown> = {}): Promise<StableHorse> {
    const res = await session.request<StableHorse>('POST', '/api/stable/horses', horseBody(name, extra));
    if (res.status !== 201) throw new Error(`horse not created: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const balance = async (session: ApiSession) =>
    (await session.get<LedgerPage>('/api/me/ledger?limit=1')).body.items[0]?.balance_after_cents ?? 0;

  async function ledgerSums(): Promise<{ balances: number; entries: number }> {
    const [sums]: { balances: string; entries: string }[] = await db().query(
      `SELECT (SELECT coalesce(sum(balance_cents), 0) FROM wallet_accounts)::int8 AS balances,
              (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries)::int8 AS entries`,
    );
    return { balances: Number(sums?.balances), entries: Number(sums?.entries) };
  }

  /** Re-seeds an open race until the horse finishes in the first three without a dead heat. */
  async function seedSoHorsePlaces(raceId: number, horseId: number): Promise<void> {
    const racing = sut.app.get(RacingService);
    for (let i = 0; i < 400; i++) {
      const runnable = await racing.runnable(raceId);
      if (!runnable) throw new Error(`race ${raceId} not runnable`);
      const { race, spec } = runnable;
      const times = race.finish_times_ms.map(officialTimeMs);
      const post = spec.engine_runners.findIndex((r) => r.horse_id === horseId);
      const place = [...times].sort((a, b) => a - b).indexOf(times[post] as number);
      if (new Set(times).size === times.length && place <= 2) return;
      const seed = createHash('sha256').update(`stable:${raceId}:${i}`).digest('hex');
      await db().query('UPDATE current_races SET seed = $2, seed_hash = $3 WHERE id = $1', [
        raceId,
        seed,
        createHash('sha256').update(seed).digest('hex'),
      ]);
    }
    throw new Error('no seed places the horse');
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 29, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      STABLE_CREATED_PER_DAY_MAX: '12',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    const [breed]: { id: number }[] = await db().query("SELECT id FROM breeds WHERE breed_name = 'Thoroughbred'");
    breedId = breed?.id as number;
    owner = await member();
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should create a horse with a drawn ability, an empty record and the user as owner', async () => {
    const horse = await create(owner, 'Furlong Flyer');
    expect(horse).toMatchObject({
      horse_name: 'Furlong Flyer',
      breed_name: 'Thoroughbred',
      age: 4,
      owner: 'stableowner1',
      shoe: 'regular',
      gear: [],
      record: { starts: 0, wins: 0, earnings_cents: 0, tracks_raced: [] },
      condition: { fatigue: 0, fitness: 70, fit_to_race: true },
      next_entry: null,
    });
    // A jockey and a trainer are booked when the form leaves them out (a finisher needs both).
    expect(horse.jockey).toEqual(expect.any(String));
    expect(horse.trainer).toEqual(expect.any(String));
    expect(horse.rating).toBeGreaterThanOrEqual(65);
    expect(horse.rating).toBeLessThanOrEqual(114);
    // The catalog lists it as the user's horse.
    const listed = await sut.get<{ items: { id: number }[] }>(
      `/api/horses?user_id=${(await owner.get<{ id: number }>('/api/me')).body.id}`,
    );
    expect(listed.body.items.map((h) => h.id)).toEqual([horse.id]);
  });

  it('should name each bad field with a 400 and refuse a taken name with a 409', async () => {
    const bad = await owner.request<ApiErrorResponse>(
      'POST',
      '/api/stable/horses',
      horseBody('Bad Weight', { weight_lbs: 1010, height_hands: 13, color: 'green' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['color', 'height_hands', 'weight_lbs']);
    const future = await owner.request<ApiErrorResponse>(
      'POST',
      '/api/stable/horses',
      horseBody('Not Born', { dob: '2999-01-01' }),
    );
    expect(future.status).toBe(400);
    expect(future.body.message).toContain('dob');
    const taken = await owner.request<ApiErrorResponse>('POST', '/api/stable/horses', horseBody('furlong flyer'));
    expect(taken.status).toBe(409);
    expect(taken.body.reason).toBe('name_taken');
    const unknownBreed = await owner.request<ApiErrorResponse>(
      'POST',
      '/api/stable/horses',
      horseBody('No Breed', { breed_id: 999_999 }),
    );
    expect(unknownBreed.status).toBe(400);
    expect(unknownBreed.body.errors?.[0]?.field).toBe('breed_id');
    expect((await new ApiSession(sut.baseUrl).request('POST', '/api/stable/horses', horseBody('Anon'))).status).toBe(
      401,
    );
  });

  it('should enter the horse, run it on its ratings, pay the purse to the wallet and keep the ledger at zero', async () => {
    const horse = (await owner.get<StableDashboard>('/api/stable')).body.horses[0] as StableHorse;
    const raceId = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    const open = (await sut.get<{ items: EnterableRace[]; entry_fee_cents: number }>('/api/stable/races')).body;
    expect(open.entry_fee_cents).toBe(FEE);
    const listed = open.items.find((r) => r.id === raceId);
    expect(listed).toBeDefined();
    const before = await balance(owner);

    const entered = await owner.request<{ entry: StableEntry; balance_cents: number }>('POST', '/api/stable/entries', {
      horse_id: horse.id,
      current_race_id: raceId,
    });
    expect(entered.status).toBe(201);
    expect(entered.body.balance_cents).toBe(before - FEE);
    expect(entered.body.entry).toMatchObject({ horse_id: horse.id, current_race_id: raceId, race_status: 'scheduled' });
    // One race at a time; the race has the horse on its card with a morning line.
    const again = await owner.request<ApiErrorResponse>('POST', '/api/stable/entries', {
      horse_id: horse.id,
      current_race_id: raceId,
    });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('already_entered');
    const card = await sut.get<{ entries: { horse_id: number; morning_line: string | null }[] }>(
      `/api/current_races/${raceId}`,
    );
    const runner = card.body.entries.find((r) => r.horse_id === horse.id);
    expect(runner?.morning_line).toEqual(expect.any(String));
    expect(card.body.entries.length).toBe((listed?.runners ?? 0) + 1);

    // Betting opens: the horse's engine runner is its effective rating (fixed with the seed).
    await sut.app.get(RacingService).open([raceId]);
    const [row]: {
      engine_runners: { horse_id: number; speed_figure: number }[];
      surface_type: string;
      track_condition: string;
    }[] = await db().query('SELECT engine_runners, surface_type, track_condition FROM current_races WHERE id = $1', [
      raceId,
    ]);
    const mine = row?.engine_runners.find((r) => r.horse_id === horse.id);
    const [state]: { ability_speed: number; ability_stamina: number; ability_early_speed: number }[] = await db().query(
      'SELECT ability_speed, ability_stamina, ability_early_speed FROM stable_horses WHERE horse_id = $1',
      [horse.id],
    );
    const expected = effectiveRating({
      ability: {
        speed: state?.ability_speed ?? 0,
        stamina: state?.ability_stamina ?? 0,
        early_speed: state?.ability_early_speed ?? 0,
      },
      condition: { speed_gain: 0, stamina_gain: 0, early_speed_gain: 0, fatigue: 0, fitness: 70 },
      shoe: 'regular',
      gear: [],
      surface: row?.surface_type ?? '',
      condition_name: row?.track_condition ?? '',
    });
    // (fitness drifts by a hair in the seconds since the horse was made)
    expect(mine?.speed_figure).toBeCloseTo(expected.speed_figure, 3);
    // Care is refused while the race is open: its ratings are fixed.
    const training = await owner.request<ApiErrorResponse>('POST', `/api/stable/horses/${horse.id}/training`, {
      regimen: 'speed',
    });
    expect(training.status).toBe(409);
    expect(training.body.reason).toBe('racing');

    await sweep();
    const notices = (await owner.get<StableDashboard>('/api/stable')).body.notices.map((n) => n.kind);
    expect(notices).toEqual(expect.arrayContaining(['entered', 'next_to_post']));

    await seedSoHorsePlaces(raceId, horse.id);
    await finishRace(sut.app, raceId);
    const result = (
      await sut.get<{ finishers: { horse_id: number; finish_position: number; earnings_cents: number }[] }>(
        `/api/current_races/${raceId}/result`,
      )
    ).body;
    const finisher = result.finishers.find((f) => f.horse_id === horse.id);
    expect(finisher?.finish_position).toBeLessThanOrEqual(3);
    expect(finisher?.earnings_cents).toBeGreaterThan(0);

    // Three sweeps at once (a retry, another instance) and one after: the purse is paid once. At
    // most one of them ends the entry: the server's own sweep, queued when the race resulted, may
    // have ended it first.
    const swept = await Promise.all([sweep(), sweep(), sweep()]);
    expect(swept.reduce((n, s) => n + s.ended, 0)).toBeLessThanOrEqual(1);
    await sweep();
    expect(await balance(owner)).toBe(before - FEE + (finisher?.earnings_cents ?? 0));
    const after = (await owner.get<StableDashboard>('/api/stable')).body;
    expect(after.entries[0]).toMatchObject({
      current_race_id: raceId,
      finish_position: finisher?.finish_position,
      purse_cents: finisher?.earnings_cents,
      race_status: 'finished',
      refunded: false,
    });
    expect(after.money).toEqual({ spent_cents: FEE, won_cents: finisher?.earnings_cents });
    const raced = after.horses.find((h) => h.id === horse.id);
    expect(raced?.record).toMatchObject({ starts: 1, earnings_cents: finisher?.earnings_cents });
    expect(raced?.condition.fatigue).toBeGreaterThan(20);
    expect(after.notices.map((n) => n.kind)).toContain('result');
    const wallet = (await owner.get<LedgerPage>('/api/me/ledger?limit=2')).body.items.map((i) => i.description);
    expect(wallet).toEqual([
      `Stable purse: Furlong Flyer, Race ${after.entries[0]?.race_number} at ${after.entries[0]?.track_name}`,
      `Stable entry fee: Furlong Flyer, Race ${after.entries[0]?.race_number} at ${after.entries[0]?.track_name}`,
    ]);
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  });

  it('should refund the fee when the race is cancelled', async () => {
    const horse = await create(owner, 'Refund Runner');
    const raceId = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    const before = await balance(owner);
    expect(
      (await owner.request('POST', '/api/stable/entries', { horse_id: horse.id, current_race_id: raceId })).status,
    ).toBe(201);
    await db().query("UPDATE current_races SET status = 'cancelled', cancel_reason = 'missed_post' WHERE id = $1", [
      raceId,
    ]);
    // Sweeps at once (the scheduled one, one a race event queued, another instance's), then one more:
    // the fee comes back once. Each sweep read the entry as active before any had ended it, and the
    // end of an entry is what lets only one of them refund.
    await Promise.all([sweep(), sweep(), sweep(), sweep()]);
    await sweep();
    const entry = (await owner.get<StableDashboard>('/api/stable')).body.entries.find(
      (e) => e.current_race_id === raceId,
    );
    const refunds: { reference: string }[] = await db().query(
      "SELECT reference FROM ledger_transfers WHERE reason = 'stable_entry_refund' AND reference = $1",
      [`stable_entry:${entry?.id}`],
    );
    expect(refunds).toHaveLength(1);
    expect(await balance(owner)).toBe(before);
    expect(entry).toMatchObject({ refunded: true, purse_cents: null });
    // Free again: the horse can be entered elsewhere.
    const next = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    expect(
      (await owner.request('POST', '/api/stable/entries', { horse_id: horse.id, current_race_id: next })).status,
    ).toBe(201);
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  });

  it('should let the owner withdraw before betting opens, and the vet scratch a horse too tired to race', async () => {
    const horse = await create(owner, 'Second Thoughts');
    const raceId = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    const before = await balance(owner);
    const entered = await owner.request<{ entry: StableEntry }>('POST', '/api/stable/entries', {
      horse_id: horse.id,
      current_race_id: raceId,
    });
    const runners = async () =>
      (await sut.get<{ entries: { horse_id: number }[] }>(`/api/current_races/${raceId}`)).body.entries.map(
        (e) => e.horse_id,
      );
    expect(await runners()).toContain(horse.id);
    const other = await member();
    expect((await other.request('DELETE', `/api/stable/entries/${entered.body.entry.id}`)).status).toBe(404);
    const withdrawn = await owner.request<{ entry: StableEntry; balance_cents: number }>(
      'DELETE',
      `/api/stable/entries/${entered.body.entry.id}`,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ entry: { refunded: true }, balance_cents: before });
    expect(await runners()).not.toContain(horse.id);
    expect(
      (await owner.request<ApiErrorResponse>('DELETE', `/api/stable/entries/${entered.body.entry.id}`)).body.reason,
    ).toBe('entry_ended');

    // Entered fresh, then worked hard: when its race is about to open the vet scratches it.
    const tired = await create(owner, 'Overworked');
    const soon = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    const entry = await owner.request<{ entry: StableEntry }>('POST', '/api/stable/entries', {
      horse_id: tired.id,
      current_race_id: soon,
    });
    await db().query('UPDATE stable_horses SET fatigue = 95 WHERE horse_id = $1', [tired.id]);
    await sweep();
    // Hours before the opening the vet does not look yet: rest may still bring it right.
    const fieldOf = async (id: number) =>
      (await sut.get<{ entries: { horse_id: number }[] }>(`/api/current_races/${id}`)).body.entries.map(
        (e) => e.horse_id,
      );
    expect(await fieldOf(soon)).toContain(tired.id);
    expect(
      (await owner.get<StableDashboard>('/api/stable')).body.entries.find((e) => e.id === entry.body.entry.id)
        ?.refunded,
    ).toBe(false);
    // Five minutes before the opening (post time less the 30 minutes' lead):
    await db().query("UPDATE current_races SET post_time = now() + interval '33 minutes' WHERE id = $1", [soon]);
    await sweep();
    const dashboard = (await owner.get<StableDashboard>('/api/stable')).body;
    expect(dashboard.entries.find((e) => e.id === entry.body.entry.id)?.refunded).toBe(true);
    expect(dashboard.notices[0]?.message).toContain('Overworked was scratched by the vet');
    expect(await fieldOf(soon)).not.toContain(tired.id);
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  });

  it('should refuse entries to a race that has opened, and a horse that is not yours', async () => {
    const horse = await create(owner, 'Late Comer');
    const raceId = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    await sut.app.get(RacingService).open([raceId]);
    const late = await owner.request<ApiErrorResponse>('POST', '/api/stable/entries', {
      horse_id: horse.id,
      current_race_id: raceId,
    });
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('entries_closed');
    const other = await member();
    const theirs = await other.request<ApiErrorResponse>('POST', '/api/stable/entries', {
      horse_id: horse.id,
      current_race_id: raceId,
    });
    expect(theirs.status).toBe(404);
  });

  it('should train with diminishing returns, charge the wallet, and refuse a tired horse until it rests', async () => {
    const horse = await create(owner, 'Gym Rat');
    const gains: number[] = [];
    let last: CareResult | undefined;
    let refusedAt = -1;
    for (let i = 0; i < 8; i++) {
      const res = await owner.request<CareResult & ApiErrorResponse>(
        'POST',
        `/api/stable/horses/${horse.id}/training`,
        { regimen: 'speed' },
      );
      if (res.status === 409) {
        expect(res.body.reason).toBe('too_tired');
        refusedAt = i;
        break;
      }
      expect(res.status).toBe(200);
      gains.push(res.body.horse.condition.speed_gain - (last?.horse.condition.speed_gain ?? 0));
      last = res.body;
    }
    expect(refusedAt).toBeGreaterThan(2);
    for (let i = 1; i < gains.length; i++) expect(gains[i]).toBeLessThan(gains[i - 1] as number);
    expect(last?.cost_cents).toBe(TRAINING_COST_CENTS.speed);
    const rested = await owner.request<CareResult>('POST', `/api/stable/horses/${horse.id}/medical`, {
      treatment: 'therapy',
    });
    expect(rested.status).toBe(200);
    expect(rested.body.horse.condition.fatigue).toBeLessThan(last?.horse.condition.fatigue ?? 0);
    const shod = await owner.request<CareResult>('PUT', `/api/stable/horses/${horse.id}/equipment`, {
      shoe: 'mud_calks',
      gear: ['blinkers'],
    });
    expect(shod.status).toBe(200);
    expect(shod.body.horse).toMatchObject({ shoe: 'mud_calks', gear: ['blinkers'] });
    expect(shod.body.cost_cents).toBeGreaterThan(0);
    const twice = await owner.request<ApiErrorResponse>('PUT', `/api/stable/horses/${horse.id}/equipment`, {
      shoe: 'turf',
      gear: ['blinkers', 'blinkers'],
    });
    expect(twice.status).toBe(400);
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  });

  it('should breed a mare to a stallion at stud, pay the fee to its owner, and foal when due', async () => {
    const breeder = await member();
    const stallion = await create(owner, 'Stud Muffin', { dob: years(6) });
    const mare = await create(breeder, 'Lady Luck', { dob: years(5), gender: 'female' });
    // Not at stud yet: another user's stallion is not available.
    const early = await breeder.request('POST', '/api/stable/breedings', {
      sire_id: stallion.id,
      dam_id: mare.id,
      foal_name: 'Little Luck',
    });
    expect(early.status).toBe(404);
    expect((await owner.request('PUT', `/api/stable/horses/${stallion.id}/stud`, { fee_cents: 30_000 })).status).toBe(
      200,
    );
    const studs = (await breeder.get<{ studs: { horse_id: number; fee_cents: number }[] }>('/api/stable/breedings'))
      .body.studs;
    expect(studs).toContainEqual(expect.objectContaining({ horse_id: stallion.id, fee_cents: 30_000 }));
    const ownerBefore = await balance(owner);
    const bred = await breeder.request<{ breeding: { id: number; foal_id: number | null } }>(
      'POST',
      '/api/stable/breedings',
      {
        sire_id: stallion.id,
        dam_id: mare.id,
        foal_name: 'Little Luck',
      },
    );
    expect(bred.status).toBe(201);
    expect(await balance(owner)).toBe(ownerBefore + 30_000);
    const again = await breeder.request<ApiErrorResponse>('POST', '/api/stable/breedings', {
      sire_id: stallion.id,
      dam_id: mare.id,
      foal_name: 'Other Luck',
    });
    expect(again.status).toBe(409);
    // The gestation runs on the racing clock; here it is moved to its end.
    await db().query("UPDATE stable_breedings SET due_at = now() - interval '1 second' WHERE id = $1", [
      bred.body.breeding.id,
    ]);
    const stable = (await breeder.get<StableDashboard>('/api/stable')).body;
    const foal = stable.horses.find((h) => h.horse_name === 'Little Luck');
    expect(foal).toMatchObject({ sire: 'Stud Muffin', dam: 'Lady Luck', age: 0 });
    expect(stable.notices.map((n) => n.kind)).toContain('foal');
    // Foals race from age 2.
    const raceId = await stageRace(sut.app, { startsInWallMs: 3 * 3_600_000 });
    const young = await breeder.request<ApiErrorResponse>('POST', '/api/stable/entries', {
      horse_id: foal?.id,
      current_race_id: raceId,
    });
    expect(young.status).toBe(409);
    expect(young.body.reason).toBe('too_young');
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  });

  it('should generate a random race of 6 to 12 distinct horses with their people, and list it', async () => {
    const made = await owner.request<CreatedRaceView>('POST', '/api/created_races');
    expect(made.status).toBe(201);
    const ids = made.body.entries.map((e) => e.horse_id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(ids.length).toBeLessThanOrEqual(12);
    expect(new Set(ids).size).toBe(ids.length);
    expect(made.body.entries.map((e) => e.post_position)).toEqual(ids.map((_, i) => i + 1));
    for (const e of made.body.entries)
      expect([e.horse_name, e.jockey, e.trainer, e.owner].every((s) => s.length > 0)).toBe(true);
    const list = await sut.get<{ items: CreatedRaceView[] }>('/api/created_races');
    expect(list.body.items[0]).toEqual(made.body);
    expect(made.body.scheduled_race_id).toBeNull();

    // An admin puts it on its track's card; it is a race like the others (it opens, runs, results).
    const admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    // A day far ahead, whose card nobody has made (a drawn horse could run today).
    const postTime = new Date(Date.now() + 200 * 86_400_000).toISOString();
    // A track whose day has room beside its card (a card of 13 races takes no more).
    const [roomy]: { id: number }[] = await db().query(
      'SELECT id FROM tracks WHERE daily_races < 13 ORDER BY id LIMIT 1',
    );
    const trackId = roomy?.id as number;
    expect(
      (await owner.request('POST', `/api/admin/created_races/${made.body.id}/schedule`, { post_time: postTime }))
        .status,
    ).toBe(403);
    const tooSoon = await admin.request<ApiErrorResponse>('POST', `/api/admin/created_races/${made.body.id}/schedule`, {
      post_time: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(tooSoon.body.reason).toBe('post_time_too_soon');
    // Two admins at once: one puts it on the card, the other is told it is there already.
    const both = await Promise.all(
      [0, 1].map(() =>
        admin.request<CreatedRaceView>('POST', `/api/admin/created_races/${made.body.id}/schedule`, {
          post_time: postTime,
          track_id: trackId,
        }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const scheduled = both.find((r) => r.status === 201) as (typeof both)[number];
    const second = both.find((r) => r.status === 409)?.body as unknown as ApiErrorResponse | undefined;
    expect(second?.reason).toBe('already_scheduled');
    const raceId = scheduled.body.scheduled_race_id as number;
    const race = (
      await sut.get<{
        status: string;
        track_id: number;
        post_time: string;
        entries: { horse_id: number; post_position: number }[];
      }>(`/api/current_races/${raceId}`)
    ).body;
    expect(race).toMatchObject({ status: 'scheduled', track_id: trackId, post_time: postTime });
    expect(scheduled.body.track_id).toBe(trackId);
    expect(race.entries.map((e) => [e.post_position, e.horse_id])).toEqual(
      made.body.entries.map((e) => [e.post_position, e.horse_id]),
    );
    const twice = await admin.request<ApiErrorResponse>('POST', `/api/admin/created_races/${made.body.id}/schedule`, {
      post_time: postTime,
    });
    expect(twice.body.reason).toBe('already_scheduled');
    // Audited: the admin's schedule with the race it made, and the refusals (too soon, the one of
    // the two at once that came second, twice).
    const audit = (await admin.get<AuditPage>('/api/admin/audit?action=created_race.schedule')).body.items.filter(
      (e) => e.row_id === String(made.body.id),
    );
    expect(audit.map((e) => e.result).sort()).toEqual(['ok', 'refused', 'refused', 'refused']);
    expect(audit.find((e) => e.result === 'ok')?.after).toMatchObject({
      scheduled_race_id: raceId,
      track_id: trackId,
      post_time: postTime,
    });
    // One race on the card for it.
    const [made1]: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM current_races WHERE track_id = $1 AND post_time = $2',
      [trackId, postTime],
    );
    expect(made1?.n).toBe(1);
    await sut.app.get(RacingService).open([raceId]);
    expect((await finishRace(sut.app, raceId)).length).toBe(made.body.entries.length);
  });
});
