import type {
  BetView,
  CurrentRaceDetail,
  CurrentRaceRunner,
  CurrentRaceSummary,
  LiveFinisher,
  LiveRaceResult,
  NextToPostRace,
  NextToPostResponse,
  NextToPostTrack,
  OpsAlert,
  OpsInstance,
  OpsSnapshot,
  RacePayoffs,
  RaceResultSummary,
  RaceSnapshot,
  ResultPool,
  ToteView,
  TrackCardResponse,
} from '@furlong/contracts';
import type { TrackRecord } from '../src/api/tracks';

// Test data for the web client's tests (not used by the app): one builder per thing the API
// answers, each with one set of defaults; a test patches what its case is about.

/** A fetch answer with a status (and headers), for mockApi handlers. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers });

/** A page of a list endpoint (GET /api/{kind}). */
export const list = <T>(items: T[], total = items.length, offset = 0, limit = 5000) => ({
  items,
  total,
  limit,
  offset,
});

export function makeTrack(id: number, location: string, patch: Partial<TrackRecord> = {}): TrackRecord {
  return {
    id,
    track_name: `${location} Downs`,
    location,
    start_time: '13:00:00',
    utc_offset_minutes: 0,
    daily_races: 8,
    race_intervals: 25,
    surface_type: 'Dirt',
    track_condition: 'Fast',
    weather: 'Sunny',
    miles: 0.75,
    furlongs: 6,
    meters: 1207,
    post_time: '13:00:00',
    purse_cents: 1_700_000,
    race_dates: ['2026-07-05', '2026-10-31', '2026-09-12'],
    wager_types: ['Win', 'Place', 'Show'],
    distances_furlongs: [6, 8],
    purse_sizes_cents: [1_700_000],
    ...patch,
  };
}

/** 29 tracks, by location: two each for A–D, one for every other letter but X. */
export function makeTracks(): TrackRecord[] {
  const locations: string[] = [];
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWYZ') {
    locations.push(`${letter}ville`);
    if ('ABCD'.includes(letter)) locations.push(`${letter}ton`);
  }
  return locations.sort().map((location, i) => makeTrack(i + 1, location));
}

/**
 * Three named runners with their connections, horses 101–103 (Night Ledger has no trainer or
 * owner on record); the live race's snapshot and the race card use them.
 */
export const STABLE: readonly CurrentRaceRunner[] = [
  {
    post_position: 1,
    horse_id: 101,
    horse_name: 'Silver Comet',
    horse_number: 14,
    jockey_id: 201,
    jockey_name: 'Ada Reyes',
    trainer_id: 301,
    trainer_name: 'Tom Barr',
    owner_id: 401,
    owner_name: 'Greenfield Stables',
    age: 4,
    sex: 'colt',
    weight_lbs: 124,
    morning_line: '5-2',
    last_finishes: [1, 3, 2],
    scratch: null,
  },
  {
    post_position: 2,
    horse_id: 102,
    horse_name: 'Night Ledger',
    horse_number: 7,
    jockey_id: 202,
    jockey_name: 'Bo Lind',
    trainer_id: null,
    trainer_name: null,
    owner_id: null,
    owner_name: null,
    age: 3,
    sex: 'filly',
    weight_lbs: 117,
    morning_line: '3-1',
    last_finishes: [],
    scratch: null,
  },
  {
    post_position: 3,
    horse_id: 103,
    horse_name: 'Copper Kettle',
    horse_number: 3,
    jockey_id: 203,
    jockey_name: 'Cy Moss',
    trainer_id: 303,
    trainer_name: 'Ida Fenn',
    owner_id: 403,
    owner_name: 'Hilltop Farm',
    age: 6,
    sex: 'mare',
    weight_lbs: 119,
    morning_line: '9-2',
    last_finishes: [5],
    scratch: null,
  },
];

const FIELD = ['Silver Comet', 'Red Baron', 'Blue Moon', 'Dark Star', 'Gold Rush'];

/** A field of up to five runners for race `raceId`: horse ids raceId × 100 + post, numbered by post. */
export function makeRunners(raceId: number, count = FIELD.length): CurrentRaceRunner[] {
  return FIELD.slice(0, count).map((horse_name, i) => ({
    post_position: i + 1,
    horse_id: raceId * 100 + i + 1,
    horse_name,
    horse_number: i + 1,
    jockey_id: 200 + i,
    jockey_name: `Jockey ${i + 1}`,
    trainer_id: 300 + i,
    trainer_name: `Trainer ${i + 1}`,
    owner_id: 400 + i,
    owner_name: `Owner ${i + 1}`,
    age: 3 + i,
    sex: i % 2 === 0 ? 'colt' : 'filly',
    weight_lbs: i % 2 === 0 ? 122 : 117,
    morning_line: ['2-1', '5-2', '4-1', '6-1', '10-1'][i] ?? null,
    last_finishes: [i + 1, 4],
    scratch: null,
  }));
}

/** Race `id` of the day at Aville, open for betting, post at 13:00 UTC. */
export function makeRace(id: number, patch: Partial<CurrentRaceSummary> = {}): CurrentRaceSummary {
  return {
    id,
    track_id: 1,
    race_number: id,
    race_name: `Aville Race ${id}`,
    race_date: '2026-11-23',
    post_time: '2026-11-23T13:00:00.000Z',
    location: 'Aville',
    miles: 0.75,
    furlongs: 6,
    meters: 1207,
    num_horses: 3,
    weather: 'Sunny',
    surface_type: 'Dirt',
    track_condition: 'Fast',
    purse_cents: 1_700_000,
    status: 'open',
    cancel_reason: null,
    seed_hash: null,
    race_class: 'Claiming',
    race_title: 'Claiming $12,500',
    conditions: 'For horses entered to be claimed for $12,500. Six Furlongs on the dirt. Purse $17,000.',
    ...patch,
  };
}

/** GET /api/current_races/{id}: makeRace with five runners (makeRunners), seen at 12:55 UTC. */
export function makeRaceDetail(id: number, patch: Partial<CurrentRaceDetail> = {}): CurrentRaceDetail {
  const entries = patch.entries ?? makeRunners(id);
  return {
    ...makeRace(id, { num_horses: entries.length }),
    track_name: 'Aville Downs',
    utc_offset_minutes: 0,
    server_time: '2026-11-23T12:55:00.000Z',
    time_scale: 1,
    seed: null,
    entries,
    ...patch,
  };
}

export interface CardOptions extends Partial<Omit<TrackCardResponse, 'races'>> {
  /** How many races the day has (2 unless told). */
  races?: number;
  /** The id of race 1; the others follow. */
  firstRaceId?: number;
  /** Applied to every race. */
  race?: Partial<CurrentRaceSummary>;
}

/**
 * GET /api/program/tracks/{trackId}/card: Aville's day, race 1 at 13:00 UTC and one every 25
 * minutes, seen at 12:55 UTC.
 */
export function makeCard(
  trackId: number,
  { races = 2, firstRaceId = 1, race, ...patch }: CardOptions = {},
): TrackCardResponse {
  const start = Date.parse('2026-11-23T13:00:00.000Z');
  return {
    track: {
      id: trackId,
      track_name: 'Aville Downs',
      location: 'Aville',
      start_time: '13:00:00',
      utc_offset_minutes: 0,
      daily_races: races,
      race_intervals: 25,
      surface_type: 'Dirt',
      track_condition: 'Fast',
      weather: 'Sunny',
    },
    date: '2026-11-23',
    server_time: '2026-11-23T12:55:00.000Z',
    time_scale: 1,
    races: Array.from({ length: races }, (_, i) =>
      makeRace(firstRaceId + i, {
        track_id: trackId,
        race_number: i + 1,
        race_name: `Aville Race ${i + 1}`,
        post_time: new Date(start + i * 25 * 60_000).toISOString(),
        ...race,
      }),
    ),
    ...patch,
  };
}

/** A race of the next-to-post board: race `id`, Race 1 at track `trackId` (Aville Downs), open, post 13:00 UTC. */
export function makeBoardRace(id: number, patch: Partial<NextToPostRace> = {}): NextToPostRace {
  const trackId = patch.track_id ?? 1;
  return {
    id,
    track_id: trackId,
    track_name: 'Aville Downs',
    location: 'Aville',
    race_number: 1,
    race_name: 'Aville Race 1',
    race_date: '2026-11-23',
    post_time: '2026-11-23T13:00:00.000Z',
    status: 'open',
    mtp: 5,
    num_horses: 8,
    utc_offset_minutes: 0,
    ...patch,
  };
}

/** A track's day on the board: track `id` with `location`, 8 races, its next one race 1 at 13:00 UTC. */
export function makeBoardTrack(id: number, location: string, patch: Partial<NextToPostTrack> = {}): NextToPostTrack {
  return {
    track_id: id,
    track_name: `${location} Downs`,
    location,
    utc_offset_minutes: 0,
    local_date: '2026-11-23',
    first_post_time: '2026-11-23T13:00:00.000Z',
    races_today: 8,
    races_left: 8,
    next_race: { id: id * 100 + 1, race_number: 1, post_time: '2026-11-23T13:00:00.000Z', status: 'open', mtp: 5 },
    running_race: null,
    cancelled_race_numbers: [],
    cancel_reason: null,
    ...patch,
  };
}

/** GET /api/next_to_post seen at 12:55 UTC (racing clock at scale 1), nothing running. */
export function makeBoard(patch: Partial<NextToPostResponse> = {}): NextToPostResponse {
  return {
    server_time: '2026-11-23T12:55:00.000Z',
    time_scale: 1,
    races: [],
    running: [],
    tracks: [],
    ...patch,
  };
}

/** A bet of the history: a $2 Win on #3 in Aville Race 1 unless patched; its selections named from FIELD. */
export function makeBet(id: number, patch: Partial<BetView> = {}): BetView {
  const selections = patch.selections ?? [[3]];
  return {
    id,
    bet_date: `2026-11-23T12:${String(id).padStart(2, '0')}:00.000Z`,
    bet_type: 'Win',
    legs: [
      {
        leg: 1,
        current_race_id: 1,
        race_name: 'Aville Race 1',
        race_number: 1,
        race_date: '2026-11-23',
        post_time: '2026-11-23T13:00:00.000Z',
        track_id: 1,
        track_name: 'Aville Downs',
        status: 'open',
      },
    ],
    selections,
    selection_runners: selections.map((slot) =>
      slot.map((n) => ({ program_number: n, horse_name: FIELD[n - 1] ?? `Horse ${n}` })),
    ),
    box: false,
    amount_cents: 200,
    combinations: 1,
    total_cents: 200,
    status: 'pending',
    payout_cents: 0,
    refunded_cents: 0,
    settled_at: null,
    ...patch,
  };
}

export function makeTote(raceId: number, patch: Partial<ToteView> = {}): ToteView {
  return {
    race_id: raceId,
    status: 'open',
    frozen: false,
    as_of: '2026-11-23T12:55:00.000Z',
    pools: [
      {
        bet_type: 'Win',
        race_ids: [raceId],
        gross_cents: 1_234_500,
        takeout: 0.16,
        net_cents: 1_036_980,
        carryover_cents: 0,
      },
      {
        bet_type: 'Exacta',
        race_ids: [raceId],
        gross_cents: 500_000,
        takeout: 0.2,
        net_cents: 400_000,
        carryover_cents: 0,
      },
    ],
    runners: [
      {
        post_position: 1,
        horse_name: 'Silver Comet',
        morning_line: '5-2',
        win_cents: 400_000,
        place_cents: 100_000,
        show_cents: 50_000,
        win_odds: 1.6,
        win_odds_display: '8-5',
      },
      {
        post_position: 2,
        horse_name: 'Red Baron',
        morning_line: '3-1',
        win_cents: 200_000,
        place_cents: 80_000,
        show_cents: 40_000,
        win_odds: 4.2,
        win_odds_display: '4-1',
      },
    ],
    exacta_probables: [{ first: 1, second: 2, payout_cents: 1_840 }],
    daily_double: null,
    pick_will_pays: [],
    price_rules: { min_price_per_dollar_cents: 105, breakage_cents: 10 },
    scratched: [],
    ...patch,
  };
}

/** The live race screen's first state (race:join): race 7, Aville Race 3, the STABLE at the gate. */
export function makeSnapshot(patch: Partial<RaceSnapshot> = {}): RaceSnapshot {
  return {
    scratched: [],
    cancel_reason: null,
    race_id: 7,
    race_name: 'Aville Race 3',
    track_id: 1,
    track_name: 'Aville Downs',
    furlongs: 6,
    surface_type: 'Dirt',
    track_condition: 'Fast',
    phase: 'open',
    post_time: '2026-11-23T13:00:00.000Z',
    server_time: '2026-11-23T12:59:00.000Z',
    time_scale: 1,
    seed_hash: 'f'.repeat(64),
    entries: STABLE.map(
      ({ post_position, horse_id, horse_name, horse_number, jockey_id, jockey_name, morning_line }) => ({
        post_position,
        horse_id,
        horse_name,
        horse_number,
        jockey_id,
        jockey_name,
        morning_line,
      }),
    ),
    frame: null,
    result: null,
    ...patch,
  };
}

export function makeFinisher(position: number, post: number, patch: Partial<LiveFinisher> = {}): LiveFinisher {
  return {
    finish_position: position,
    post_position: post,
    horse_id: 100 + post,
    horse_name: STABLE[post - 1]?.horse_name ?? `Horse ${post}`,
    jockey_id: 200 + post,
    jockey_name: `Jockey ${post}`,
    trainer_id: 300 + post,
    trainer_name: `Trainer ${post}`,
    owner_id: 400 + post,
    owner_name: `Owner ${post}`,
    finish_time_ms: 71_000 + position * 250,
    speed_figure: 95 - position,
    earnings_cents: position === 1 ? 1_020_000 : 0,
    dead_heat: false,
    ...patch,
  };
}

/** Race 7's result: Copper Kettle (post 3) wins from Silver Comet and Night Ledger. */
export function makeResult(patch: Partial<LiveRaceResult> = {}): LiveRaceResult {
  return {
    result_id: 55,
    current_race_id: 7,
    race_id: 901,
    race_name: 'Aville Race 3',
    track_id: 1,
    track_name: 'Aville Downs',
    race_date: '2026-11-23',
    furlongs: 6,
    surface_type: 'Dirt',
    track_condition: 'Fast',
    finished_at: '2026-11-23T13:01:12.000Z',
    race_duration_ms: 71_250,
    wire_position: 0.98,
    seed: 'c0ffee',
    // SHA-256 of "c0ffee"
    seed_hash: 'fb0288872031fc4818c03a7253bd3a78de192d05e6bccd09ceabeda65b4d7c6f',
    finishers: [makeFinisher(1, 3), makeFinisher(2, 1), makeFinisher(3, 2)],
    engine_runners: [],
    scratched: [],
    ...patch,
  };
}

/** A pool of race 7's payoffs: settled, paid, no carryover; a test names its type and patches the rest. */
export function makeResultPool(betType: ResultPool['bet_type'], patch: Partial<ResultPool> = {}): ResultPool {
  return {
    bet_type: betType,
    race_ids: [7],
    base_amount_cents: ['Trifecta', 'Superfecta'].includes(betType) || betType.startsWith('Pick') ? 10 : 100,
    outcome: 'paid',
    gross_cents: 250_000,
    net_cents: 210_000,
    carryover_in_cents: 0,
    carried_over_cents: 0,
    payoffs: [],
    ...patch,
  };
}

/**
 * Race 7's payoffs (its result: 3, 1, 2): $2 win $8.40, the exacta 3-1 paying $24.50 per $1, the
 * trifecta 3-1-2 $87.60 per 10¢, the quinella refunded for want of a winning ticket.
 */
export function makeRacePayoffs(patch: Partial<RacePayoffs> = {}): RacePayoffs {
  const payoff = (combination: string, price: number, base = 100) => ({
    combination,
    price_per_dollar_cents: price,
    base_payout_cents: Math.floor((base * price) / 100),
    two_dollar_payout_cents: 2 * price,
    winning_cents: 10_000,
    paid_cents: 100 * price,
    races_correct: null,
    paid_class: null,
  });
  return {
    current_race_id: 7,
    settled: true,
    win_place_show: [
      {
        finish_position: 1,
        post_position: 3,
        horse_name: 'Copper Kettle',
        win_cents: 840,
        place_cents: 420,
        show_cents: 300,
      },
      {
        finish_position: 2,
        post_position: 1,
        horse_name: 'Silver Comet',
        win_cents: null,
        place_cents: 560,
        show_cents: 380,
      },
      {
        finish_position: 3,
        post_position: 2,
        horse_name: 'Night Ledger',
        win_cents: null,
        place_cents: null,
        show_cents: 460,
      },
    ],
    pools: [
      makeResultPool('Win', { gross_cents: 500_000, payoffs: [payoff('3', 420)] }),
      makeResultPool('Place', { gross_cents: 300_000, payoffs: [payoff('1', 280), payoff('3', 210)] }),
      makeResultPool('Show', { gross_cents: 200_000, payoffs: [payoff('2', 230), payoff('1', 190), payoff('3', 150)] }),
      makeResultPool('Exacta', { payoffs: [payoff('3-1', 2_450)] }),
      makeResultPool('Quinella', { outcome: 'refunded', payoffs: [] }),
      makeResultPool('Trifecta', { payoffs: [payoff('3-1-2', 87_600, 10)] }),
    ],
    ...patch,
  };
}

/** One row of the results list: race `currentRaceId` at Aville Downs, won by Copper Kettle paying $8.40. */
export function makeResultSummary(currentRaceId: number, patch: Partial<RaceResultSummary> = {}): RaceResultSummary {
  return {
    result_id: 500 + currentRaceId,
    current_race_id: currentRaceId,
    race_name: `Aville Race ${currentRaceId}`,
    race_number: currentRaceId,
    track_id: 1,
    track_name: 'Aville Downs',
    race_date: '2026-11-23',
    post_time: '2026-11-23T13:00:00.000Z',
    finished_at: '2026-11-23T13:01:12.000Z',
    runners: 8,
    winner_post_position: 3,
    winner_horse_id: 103,
    winner_name: 'Copper Kettle',
    win_payoff_cents: 840,
    ...patch,
  };
}

/** One server instance as the live operations snapshot reports it: up, reporting at 12:00:00 UTC, running race 7. */
export function makeOpsInstance(id: string, patch: Partial<OpsInstance> = {}): OpsInstance {
  return {
    id,
    status: 'up',
    started_at: '2026-11-25T08:00:00.000Z',
    reported_at: '2026-11-25T12:00:00.000Z',
    leases: [7],
    sockets: 50,
    viewers: [{ race_id: 7, viewers: 30 }],
    frames_per_second: 2,
    tote_broadcasts_per_second: 0.2,
    bets_per_second: 3.5,
    refusals_per_second: 0.5,
    refusals: { betting_closed: 4 },
    tick_lateness_p99_ms: 8,
    ticks_missed: 0,
    late_since: null,
    tote_cycle_ms: 40,
    http_requests_per_second: 20,
    http_error_rate: 0.01,
    event_loop_lag_p99_ms: 12,
    heap_used_bytes: 150 * 1024 * 1024,
    db_pool: { in_use: 3, idle: 7, waiting: 0 },
    job_failures: [],
    ...patch,
  };
}

/** Something red on the operations page: a job failing since 11:55 UTC. */
export function makeOpsAlert(patch: Partial<OpsAlert> = {}): OpsAlert {
  return {
    kind: 'job_failing',
    subject: 'wagering.settle',
    since: '2026-11-25T11:55:00.000Z',
    message: 'wagering.settle failed 3 times in 15 minutes: pool not found',
    ...patch,
  };
}

export type OpsSnapshotPatch = Omit<Partial<OpsSnapshot>, 'totals'> & { totals?: Partial<OpsSnapshot['totals']> };

/**
 * The live operations snapshot (ops:join, ops:snapshot, GET /api/ops/live) made at 12:00:00 UTC: one
 * instance up, race 7 watched by 30 and race 8 by 12, nothing red. `totals` is merged, the rest replaced.
 */
export function makeOpsSnapshot({ totals, ...patch }: OpsSnapshotPatch = {}): OpsSnapshot {
  return {
    at: '2026-11-25T12:00:00.000Z',
    races: {
      by_state: { scheduled: 4, open: 2, closed: 1, running: 1, finished: 5, cancelled: 0 },
      next_off: {
        race_id: 9,
        race_name: 'Aville Race 4',
        track_name: 'Aville Downs',
        post_time: '2026-11-25T12:05:00.000Z',
        seconds_to_off: 300,
      },
    },
    totals: {
      viewers: 42,
      sockets: 50,
      frames_per_second: 2,
      bets_per_second: 3.5,
      refusals_per_second: 0.5,
      http_requests_per_second: 20,
      http_error_rate: 0.01,
      tick_lateness_p99_ms: 8,
      event_loop_lag_p99_ms: 12,
      tote_cycle_ms: 40,
      ...totals,
    },
    viewers: [
      { race_id: 7, viewers: 30 },
      { race_id: 8, viewers: 12 },
    ],
    queues: {
      driver: 'in-process',
      board_path: null,
      jobs: { waiting: 1, delayed: 2, active: 1, failed: 0 },
      failures: [],
    },
    settlement_backlog_seconds: 0,
    instances: [makeOpsInstance('api-1')],
    alerts: [],
    ...patch,
  };
}
