import type { CurrentRaceSummary, LiveFinisher, LiveRaceResult, RaceSnapshot } from '@furlong/contracts';

/** Test data for the racing pages' tests (not used by the app). */
export function makeSnapshot(patch: Partial<RaceSnapshot> = {}): RaceSnapshot {
  return {
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
    entries: [
      {
        post_position: 1,
        horse_id: 101,
        horse_name: 'Silver Comet',
        horse_number: 14,
        jockey_id: 201,
        jockey_name: 'Ada Reyes',
      },
      {
        post_position: 2,
        horse_id: 102,
        horse_name: 'Night Ledger',
        horse_number: 7,
        jockey_id: 202,
        jockey_name: 'Bo Lind',
      },
      {
        post_position: 3,
        horse_id: 103,
        horse_name: 'Copper Kettle',
        horse_number: 3,
        jockey_id: 203,
        jockey_name: 'Cy Moss',
      },
    ],
    frame: null,
    result: null,
    ...patch,
  };
}

export function makeFinisher(position: number, post: number, patch: Partial<LiveFinisher> = {}): LiveFinisher {
  const names = ['Silver Comet', 'Night Ledger', 'Copper Kettle'];
  return {
    finish_position: position,
    post_position: post,
    horse_id: 100 + post,
    horse_name: names[post - 1] ?? `Horse ${post}`,
    jockey_id: 200 + post,
    jockey_name: `Jockey ${post}`,
    trainer_id: 300 + post,
    trainer_name: `Trainer ${post}`,
    owner_id: 400 + post,
    owner_name: `Owner ${post}`,
    finish_time_ms: 71_000 + position * 250,
    speed_figure: 95 - position,
    earnings_cents: position === 1 ? 1_020_000 : 0,
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
    ...patch,
  };
}

export function makeSummary(id: number, patch: Partial<CurrentRaceSummary> = {}): CurrentRaceSummary {
  return {
    id,
    track_id: 1,
    race_number: 3,
    race_name: 'Aville Race 3',
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
    seed_hash: null,
    ...patch,
  };
}
