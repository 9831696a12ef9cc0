import type { BetView, CurrentRaceDetail, CurrentRaceSummary, ToteView, TrackCardResponse } from '@furlong/contracts';
import { FakeSocket } from '../../../test/fake-socket';

/** Test data for the wagering pages' tests (not used by the app). */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

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
    num_horses: 5,
    weather: 'Sunny',
    surface_type: 'Dirt',
    track_condition: 'Fast',
    purse_cents: 1_700_000,
    status: 'open',
    seed_hash: 'ab12',
    ...patch,
  };
}

const HORSES = ['Silver Comet', 'Red Baron', 'Blue Moon', 'Dark Star', 'Gold Rush'];

export function makeRaceDetail(id: number, patch: Partial<CurrentRaceDetail> = {}): CurrentRaceDetail {
  return {
    ...makeRace(id),
    track_name: 'Aville Downs',
    server_time: '2026-11-23T12:55:00.000Z',
    time_scale: 1,
    seed: null,
    entries: HORSES.map((horse_name, i) => ({
      post_position: i + 1,
      horse_id: id * 100 + i + 1,
      horse_name,
      horse_number: i + 1,
      jockey_id: 200 + i,
      jockey_name: `Jockey ${i + 1}`,
      trainer_id: 300 + i,
      trainer_name: `Trainer ${i + 1}`,
      owner_id: 400 + i,
      owner_name: `Owner ${i + 1}`,
    })),
    ...patch,
  };
}

export function makeCard(trackId: number, races: number): TrackCardResponse {
  return {
    server_time: '2026-11-23T12:00:00.000Z',
    time_scale: 1,
    date: '2026-11-23',
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
    races: Array.from({ length: races }, (_, i) => makeRace(i + 1, { track_id: trackId })),
  };
}

export function makeBet(id: number, patch: Partial<BetView> = {}): BetView {
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
    selections: [[3]],
    box: false,
    amount_cents: 200,
    combinations: 1,
    total_cents: 200,
    status: 'pending',
    payout_cents: 0,
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
    ...patch,
  };
}

/** The tab's socket in wagering page tests: tote:join answers with `joinReply`, or times out without one. */
export class FakeToteSocket extends FakeSocket {
  set joinReply(reply: ((raceId: number) => unknown) | null) {
    if (reply) this.replies.set('tote:join', (raceId) => reply(raceId as number));
    else this.replies.delete('tote:join');
  }
}
