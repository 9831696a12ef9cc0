/** Phases of a current race, in order (a race may also be cancelled). */
export const CURRENT_RACE_STATUSES = ['scheduled', 'open', 'closed', 'running', 'finished', 'cancelled'] as const;
export type CurrentRaceStatus = (typeof CURRENT_RACE_STATUSES)[number];

/** The track header of a day card. Clock times are hh:mm:ss, the track's local time. */
export interface CardTrack {
  id: number;
  track_name: string;
  location: string;
  /** Post time of race 1, local time at the track. */
  start_time: string;
  /** The track's local time minus UTC, in minutes: post time (UTC) = date + start_time − offset. */
  utc_offset_minutes: number;
  daily_races: number;
  /** Minutes between consecutive races. */
  race_intervals: number;
  surface_type: string;
  track_condition: string;
  weather: string;
}

/** One race of a day's card (a "current race"). */
export interface CurrentRaceSummary {
  id: number;
  track_id: number;
  race_number: number;
  /** "{location} Race {n}" */
  race_name: string;
  /** YYYY-MM-DD */
  race_date: string;
  /** ISO 8601 instant: race date + track start + (n − 1) × interval. */
  post_time: string;
  location: string;
  miles: number;
  furlongs: number;
  meters: number;
  num_horses: number;
  weather: string;
  surface_type: string;
  track_condition: string;
  purse_cents: number;
  status: CurrentRaceStatus;
  /** SHA-256 of the race's secret seed, once betting opens; null before. */
  seed_hash: string | null;
}

/** One runner of a current race with its connections (trainer and owner are the horse's own). */
export interface CurrentRaceRunner {
  post_position: number;
  horse_id: number;
  horse_name: string;
  horse_number: number;
  jockey_id: number;
  jockey_name: string;
  trainer_id: number | null;
  trainer_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
}

/**
 * The racing clock as an answer saw it: countdowns run from `server_time` at `time_scale` racing
 * seconds per wall second (1 in production; more in demos and tests).
 */
export interface RacingClockStamp {
  /** The server's racing clock (ISO 8601). */
  server_time: string;
  time_scale: number;
}

/** GET /api/current_races/{id} */
export interface CurrentRaceDetail extends CurrentRaceSummary, RacingClockStamp {
  track_name: string;
  /** The secret seed (hex), revealed once the race has finished; null before. */
  seed: string | null;
  /** In post-position order. */
  entries: CurrentRaceRunner[];
}

/** GET /api/program/tracks/{trackId}/card?date=YYYY-MM-DD */
export interface TrackCardResponse extends RacingClockStamp {
  track: CardTrack;
  /** YYYY-MM-DD (UTC) */
  date: string;
  /** In race-number order. */
  races: CurrentRaceSummary[];
}

/** GET /api/current_races?track_id=&date=&status=&limit=&offset= (newest post time first). */
export interface CurrentRaceListResponse extends RacingClockStamp {
  items: CurrentRaceSummary[];
  total: number;
  limit: number;
  offset: number;
}
