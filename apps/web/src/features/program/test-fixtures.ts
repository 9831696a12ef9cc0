import type { CurrentRaceDetail, CurrentRaceSummary, TrackCardResponse } from '@furlong/contracts';
import type { TrackRecord } from './api/tracks';

/** Test data for the program pages' tests (not used by the app). */
export function makeTrack(id: number, location: string, patch: Partial<TrackRecord> = {}): TrackRecord {
  return {
    id,
    track_name: `${location} Downs`,
    location,
    start_time: '13:00:00',
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

export const list = <T>(items: T[]) => ({ items, total: items.length, limit: 5000, offset: 0 });

export function makeRace(id: number, patch: Partial<CurrentRaceSummary> = {}): CurrentRaceSummary {
  return {
    id,
    track_id: 1,
    race_number: 1,
    race_name: 'Aville Race 1',
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
    status: 'scheduled',
    seed_hash: null,
    ...patch,
  };
}

export function makeRaceDetail(id: number, patch: Partial<CurrentRaceDetail> = {}): CurrentRaceDetail {
  return {
    ...makeRace(id),
    track_name: 'Aville Downs',
    server_time: '2026-11-23T12:55:00.000Z',
    time_scale: 1,
    seed: null,
    entries: [
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
      },
    ],
    ...patch,
  };
}

export function makeCard(trackId: number, patch: Partial<TrackCardResponse> = {}): TrackCardResponse {
  return {
    track: {
      id: trackId,
      track_name: 'Aville Downs',
      location: 'Aville',
      start_time: '13:00:00',
      utc_offset_minutes: 0,
      daily_races: 2,
      race_intervals: 25,
      surface_type: 'Dirt',
      track_condition: 'Fast',
      weather: 'Sunny',
    },
    date: '2026-11-23',
    server_time: '2026-11-23T12:55:00.000Z',
    time_scale: 1,
    races: [
      makeRace(11, { track_id: trackId }),
      makeRace(12, {
        track_id: trackId,
        race_number: 2,
        race_name: 'Aville Race 2',
        post_time: '2026-11-23T13:25:00.000Z',
      }),
    ],
    ...patch,
  };
}
