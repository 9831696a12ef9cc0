/** Whose figures a leader board ranks. */
export const STATS_LEADER_KINDS = ['jockeys', 'trainers', 'horses', 'owners'] as const;
export type StatsLeaderKind = (typeof STATS_LEADER_KINDS)[number];

/** What a leader board ranks by (always highest first). */
export const STATS_LEADER_SORTS = ['wins', 'win_pct', 'earnings', 'starts'] as const;
export type StatsLeaderSort = (typeof STATS_LEADER_SORTS)[number];

/** Distance buckets of the by_distance breakdown. */
export const SPRINT_KEY = 'Sprint (< 8 f)';
export const ROUTE_KEY = 'Route (≥ 8 f)';

/**
 * Starts and wins of one group. Percentages are 0–100 with two decimals (win_pct = 100 × wins / starts,
 * 0 with no starts).
 */
export interface WinBreakdown {
  key: string;
  starts: number;
  wins: number;
  win_pct: number;
}

/** A short reading of how a jockey or trainer wins, with the figures behind it. */
export interface ConnectionStyle {
  label: string;
  description: string;
}

/** One start of a jockey or trainer, newest first. */
export interface RecentStart {
  race_id: number;
  race_name: string;
  race_date: string;
  track_name: string;
  furlongs: number;
  surface_type: string;
  track_condition: string;
  horse_id: number;
  horse_name: string;
  post_position: number;
  finish_position: number;
  num_horses: number;
  finish_time_ms: number;
  speed_figure: number;
  earnings_cents: number;
}

/** GET /api/stats/jockeys/{id} and GET /api/stats/trainers/{id} */
export interface ConnectionStatsResponse {
  id: number;
  name: string;
  starts: number;
  wins: number;
  /** Second places. */
  places: number;
  /** Third places. */
  shows: number;
  win_pct: number;
  /** In the money: top three, percent. */
  itm_pct: number;
  earnings_cents: number;
  /** Null with no starts. */
  avg_speed_figure: number | null;
  avg_finish_position: number | null;
  /** Most starts first. */
  by_surface: WinBreakdown[];
  by_condition: WinBreakdown[];
  /** Always both buckets: SPRINT_KEY then ROUTE_KEY. */
  by_distance: WinBreakdown[];
  /** Always posts '1' … '12'. */
  by_post_position: WinBreakdown[];
  style: ConnectionStyle;
  /** The last 20 starts, newest first. */
  recent: RecentStart[];
}

export interface LeaderRow {
  id: number;
  name: string;
  starts: number;
  wins: number;
  places: number;
  shows: number;
  win_pct: number;
  earnings_cents: number;
}

/** GET /api/stats/leaders?kind=&sort=&limit=&min_starts= */
export interface LeadersResponse {
  kind: StatsLeaderKind;
  sort: StatsLeaderSort;
  limit: number;
  min_starts: number;
  items: LeaderRow[];
}

/** Races of one field size. */
export interface FieldSizeFigure {
  /** Runners, '1' … '12'. */
  key: string;
  races: number;
  /** Share of all races, percent. */
  pct_of_races: number;
  avg_winning_time_per_furlong_ms: number;
}

/** GET /api/stats/overview */
export interface StatsOverviewResponse {
  races: number;
  starters: number;
  avg_field_size: number;
  avg_winning_time_per_furlong_ms: number | null;
  /** First and last race day with a result (null with none). */
  first_date: string | null;
  last_date: string | null;
  by_post_position: WinBreakdown[];
  by_field_size: FieldSizeFigure[];
  top_horses: LeaderRow[];
  top_jockeys: LeaderRow[];
  top_trainers: LeaderRow[];
}

/** Figures of the races run under one track condition or on one surface. */
export interface GoingFigure {
  key: string;
  races: number;
  /** Null when no race with a result was run under it. */
  avg_winning_time_per_furlong_ms: number | null;
  /** Mean speed figure of every starter. */
  avg_speed_figure: number | null;
  avg_field_size: number | null;
}

export interface TrackConditionFigure extends GoingFigure {
  /** Tracks whose current condition is this one. */
  tracks_now: number;
}

export interface TrackTypeFigure extends GoingFigure {
  /** Tracks with this surface. */
  tracks: number;
}

/** GET /api/stats/track-conditions (most races first) */
export interface TrackConditionsResponse {
  items: TrackConditionFigure[];
}

/** GET /api/stats/track-types (most races first) */
export interface TrackTypesResponse {
  items: TrackTypeFigure[];
}
