import type { ConnectionStatsResponse, LeaderRow, LeadersResponse } from '@furlong/contracts';

export function makeLeader(id: number, name: string, overrides: Partial<LeaderRow> = {}): LeaderRow {
  return { id, name, starts: 40, wins: 8, places: 6, shows: 5, win_pct: 20, earnings_cents: 1_234_500, ...overrides };
}

/** The answer of GET /api/stats/leaders for the request's own kind, sort, limit and min_starts. */
export function makeLeaders(url: URL, items: LeaderRow[]): LeadersResponse {
  const sort = (url.searchParams.get('sort') ?? 'wins') as LeadersResponse['sort'];
  return {
    kind: (url.searchParams.get('kind') ?? 'jockeys') as LeadersResponse['kind'],
    sort,
    limit: Number(url.searchParams.get('limit') ?? 10),
    min_starts: Number(url.searchParams.get('min_starts') ?? (sort === 'win_pct' ? 10 : 1)),
    items,
  };
}

const posts = Array.from({ length: 12 }, (_, i) => ({
  key: String(i + 1),
  starts: 10,
  wins: i < 3 ? 3 : 1,
  win_pct: i < 3 ? 30 : 10,
}));

export function makeConnectionStats(
  id: number,
  name: string,
  overrides: Partial<ConnectionStatsResponse> = {},
): ConnectionStatsResponse {
  return {
    id,
    name,
    starts: 120,
    wins: 18,
    places: 15,
    shows: 14,
    win_pct: 15,
    itm_pct: 39.17,
    earnings_cents: 9_876_543,
    avg_speed_figure: 81.37,
    avg_finish_position: 4.12,
    by_surface: [
      { key: 'dirt', starts: 80, wins: 14, win_pct: 17.5 },
      { key: 'turf', starts: 40, wins: 4, win_pct: 10 },
    ],
    by_condition: [
      { key: 'fast', starts: 90, wins: 15, win_pct: 16.67 },
      { key: 'muddy', starts: 30, wins: 3, win_pct: 10 },
    ],
    by_distance: [
      { key: 'Sprint (< 8 f)', starts: 70, wins: 14, win_pct: 20 },
      { key: 'Route (≥ 8 f)', starts: 50, wins: 4, win_pct: 8 },
    ],
    by_post_position: posts,
    style: { label: 'Sprint specialist', description: 'Wins 20.0% of sprints against 8.0% of routes.' },
    recent: [
      {
        race_id: 301,
        race_name: 'Maiden Claiming',
        race_date: '2026-11-02',
        track_name: 'Saratoga',
        furlongs: 6,
        surface_type: 'dirt',
        track_condition: 'fast',
        horse_id: 44,
        horse_name: 'Quick Silver',
        post_position: 3,
        finish_position: 1,
        num_horses: 9,
        finish_time_ms: 70_450,
        speed_figure: 88,
        earnings_cents: 1_200_000,
      },
      {
        race_id: 290,
        race_name: 'Allowance',
        race_date: '2026-11-01',
        track_name: 'Belmont',
        furlongs: 8.5,
        surface_type: 'turf',
        track_condition: 'good',
        horse_id: 45,
        horse_name: 'Slow Gold',
        post_position: 7,
        finish_position: 5,
        num_horses: 10,
        finish_time_ms: 104_200,
        speed_figure: 71,
        earnings_cents: 0,
      },
    ],
    ...overrides,
  };
}
