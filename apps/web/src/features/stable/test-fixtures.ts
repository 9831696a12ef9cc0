import type { EnterableRace, StableDashboard, StableEntry, StableHorse } from '@furlong/contracts';

// Test data for the stable's web tests: one builder per thing the stable API answers.

export function makeStableHorse(id: number, patch: Partial<StableHorse> = {}): StableHorse {
  return {
    id,
    horse_name: `Stable Star ${id}`,
    breed_name: 'Thoroughbred',
    color: 'bay',
    dob: '2022-03-01',
    age: 4,
    gender: 'male',
    height_hands: 16,
    weight_lbs: 1000,
    sire: 'Old Sire',
    dam: 'Old Dam',
    breeder: 'Green Acres',
    jockey: null,
    trainer: null,
    owner: 'Test member',
    rating: 88.4,
    condition: {
      fatigue: 10,
      fitness: 72,
      speed_gain: 0,
      stamina_gain: 0,
      early_speed_gain: 0,
      fit_to_race: true,
      unfit_reason: null,
    },
    shoe: 'regular',
    gear: [],
    stud_fee_cents: null,
    record: {
      starts: 5,
      wins: 2,
      places: 1,
      shows: 1,
      earnings_cents: 1_250_000,
      highest_earning_cents: 600_000,
      tracks_raced: ['Aville Downs'],
    },
    next_entry: null,
    in_foal_until: null,
    on_sale: false,
    can_race_from: '2024-03-01',
    created_at: '2026-11-01T12:00:00.000Z',
    ...patch,
  };
}

export function makeEntry(id: number, patch: Partial<StableEntry> = {}): StableEntry {
  return {
    id,
    horse_id: 1,
    horse_name: 'Stable Star 1',
    current_race_id: 40 + id,
    track_name: 'Aville Downs',
    race_number: 3,
    post_time: '2026-11-23T15:00:00.000Z',
    post_position: 4,
    race_status: 'scheduled',
    fee_cents: 2500,
    finish_position: null,
    purse_cents: null,
    refunded: false,
    entered_at: '2026-11-23T12:00:00.000Z',
    ...patch,
  };
}

export function makeDashboard(patch: Partial<StableDashboard> = {}): StableDashboard {
  return {
    horses: [],
    entries: [],
    money: { spent_cents: 0, won_cents: 0 },
    notices: [],
    limits: { horses_max: 10, created_per_day_max: 3, created_today: 0 },
    fees: { entry_fee_cents: 2500 },
    ...patch,
  };
}

export function makeEnterableRace(id: number, patch: Partial<EnterableRace> = {}): EnterableRace {
  return {
    id,
    track_id: 1,
    track_name: 'Aville Downs',
    race_number: id - 10,
    race_title: `Aville Race ${id - 10}`,
    post_time: '2026-11-23T15:00:00.000Z',
    entries_close_at: '2026-11-23T14:29:00.000Z',
    furlongs: 6,
    surface_type: 'Dirt',
    track_condition: 'Fast',
    purse_cents: 1_700_000,
    runners: 7,
    free_slots: 5,
    ...patch,
  };
}

/** The JSON body a mocked fetch was sent. */
export const sentBody = (init?: RequestInit): unknown => JSON.parse(String(init?.body ?? 'null'));
