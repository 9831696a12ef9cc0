import { ROUTE_KEY, SPRINT_KEY, STATS_LEADER_KINDS, STATS_LEADER_SORTS } from '@furlong/contracts';

// OpenAPI schemas of the stats responses (the TypeScript types are in @furlong/contracts/stats).
type Schema = Record<string, unknown>;

const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const str: Schema = { type: 'string' };
const pct: Schema = { type: 'number', description: 'percent, 0–100, two decimals' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
const list = (items: Schema): Schema => ({ type: 'array', items });

function object(properties: Record<string, Schema>): Schema {
  return { type: 'object', required: Object.keys(properties), properties };
}

const WIN_BREAKDOWN = object({ key: str, starts: int, wins: int, win_pct: pct });

const LEADER_ROW = object({
  id: int,
  name: str,
  starts: int,
  wins: int,
  places: int,
  shows: int,
  win_pct: pct,
  earnings_cents: int,
});

export const CONNECTION_STATS_SCHEMA = object({
  id: int,
  name: str,
  starts: int,
  wins: int,
  places: int,
  shows: int,
  win_pct: pct,
  itm_pct: pct,
  earnings_cents: int,
  avg_speed_figure: nullable(num),
  avg_finish_position: nullable(num),
  by_surface: list(WIN_BREAKDOWN),
  by_condition: list(WIN_BREAKDOWN),
  by_distance: { ...list(WIN_BREAKDOWN), description: `keys '${SPRINT_KEY}' and '${ROUTE_KEY}'` },
  by_post_position: { ...list(WIN_BREAKDOWN), description: "keys '1' … '12'" },
  style: object({ label: str, description: str }),
  recent: list(
    object({
      race_id: int,
      race_name: str,
      race_date: { type: 'string', format: 'date' },
      track_name: str,
      furlongs: num,
      surface_type: str,
      track_condition: str,
      horse_id: int,
      horse_name: str,
      post_position: int,
      finish_position: int,
      num_horses: int,
      finish_time_ms: int,
      speed_figure: int,
      earnings_cents: int,
    }),
  ),
});

export const LEADERS_SCHEMA = object({
  kind: { type: 'string', enum: [...STATS_LEADER_KINDS] },
  sort: { type: 'string', enum: [...STATS_LEADER_SORTS] },
  limit: int,
  min_starts: int,
  items: list(LEADER_ROW),
});

export const OVERVIEW_SCHEMA = object({
  races: int,
  starters: int,
  avg_field_size: num,
  avg_winning_time_per_furlong_ms: nullable(num),
  first_date: nullable({ type: 'string', format: 'date' }),
  last_date: nullable({ type: 'string', format: 'date' }),
  by_post_position: list(WIN_BREAKDOWN),
  by_field_size: list(object({ key: str, races: int, pct_of_races: pct, avg_winning_time_per_furlong_ms: num })),
  top_horses: list(LEADER_ROW),
  top_jockeys: list(LEADER_ROW),
  top_trainers: list(LEADER_ROW),
});

const GOING_PROPERTIES: Record<string, Schema> = {
  key: str,
  races: int,
  avg_winning_time_per_furlong_ms: nullable(num),
  avg_speed_figure: nullable(num),
  avg_field_size: nullable(num),
};

export const TRACK_CONDITIONS_SCHEMA = object({
  items: list(object({ ...GOING_PROPERTIES, tracks_now: int })),
});

export const TRACK_TYPES_SCHEMA = object({
  items: list(object({ ...GOING_PROPERTIES, tracks: int })),
});
