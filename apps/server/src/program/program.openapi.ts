import { CURRENT_RACE_STATUSES } from '@furlong/contracts';

// OpenAPI schemas of the program responses (the TypeScript types are in @furlong/contracts/program).
type Schema = Record<string, unknown>;

const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const str: Schema = { type: 'string' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });

function object(properties: Record<string, Schema>): Schema {
  return { type: 'object', required: Object.keys(properties), properties };
}

export const CARD_TRACK_SCHEMA = object({
  id: int,
  track_name: str,
  location: str,
  start_time: { type: 'string', example: '13:00:00', description: "hh:mm:ss, the track's local time" },
  utc_offset_minutes: { type: 'integer', example: -300, description: 'local time minus UTC, minutes' },
  daily_races: int,
  race_intervals: { type: 'integer', description: 'minutes between races' },
  surface_type: str,
  track_condition: str,
  weather: str,
});

const SUMMARY_PROPERTIES: Record<string, Schema> = {
  id: int,
  track_id: int,
  race_number: int,
  race_name: { type: 'string', example: 'Saratoga Springs Race 3' },
  race_date: { type: 'string', format: 'date' },
  post_time: { type: 'string', format: 'date-time' },
  location: str,
  miles: num,
  furlongs: num,
  meters: int,
  num_horses: int,
  weather: str,
  surface_type: str,
  track_condition: str,
  purse_cents: int,
  status: { type: 'string', enum: [...CURRENT_RACE_STATUSES], description: 'the phase of the race' },
  seed_hash: { ...nullable(str), description: 'SHA-256 (hex) of the secret seed, published when betting opens' },
};

export const CURRENT_RACE_SUMMARY_SCHEMA = object(SUMMARY_PROPERTIES);

const CLOCK_STAMP_PROPERTIES = {
  server_time: { type: 'string', format: 'date-time', description: 'the racing clock now' },
  time_scale: { type: 'number', description: 'racing seconds per wall second (1 in production)' },
};

export const CURRENT_RACE_DETAIL_SCHEMA = object({
  ...SUMMARY_PROPERTIES,
  track_name: str,
  ...CLOCK_STAMP_PROPERTIES,
  seed: { ...nullable(str), description: 'the secret seed (hex), revealed once finished' },
  entries: {
    type: 'array',
    items: object({
      post_position: int,
      horse_id: int,
      horse_name: str,
      horse_number: int,
      jockey_id: int,
      jockey_name: str,
      trainer_id: nullable(int),
      trainer_name: nullable(str),
      owner_id: nullable(int),
      owner_name: nullable(str),
    }),
  },
});

export const TRACK_CARD_SCHEMA = object({
  track: CARD_TRACK_SCHEMA,
  date: { type: 'string', format: 'date' },
  ...CLOCK_STAMP_PROPERTIES,
  races: { type: 'array', items: CURRENT_RACE_SUMMARY_SCHEMA },
});

export const CURRENT_RACE_LIST_SCHEMA = object({
  items: { type: 'array', items: CURRENT_RACE_SUMMARY_SCHEMA },
  ...CLOCK_STAMP_PROPERTIES,
  total: int,
  limit: int,
  offset: int,
});
