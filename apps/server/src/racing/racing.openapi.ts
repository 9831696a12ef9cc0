// OpenAPI schemas of the live racing responses (the TypeScript types are in @furlong/contracts/race-events).
type Schema = Record<string, unknown>;

const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const str: Schema = { type: 'string' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });

function object(properties: Record<string, Schema>): Schema {
  return { type: 'object', required: Object.keys(properties), properties };
}

export const LIVE_RACE_RESULT_SCHEMA = object({
  result_id: int,
  current_race_id: int,
  race_id: { type: 'integer', description: 'the catalog race written for this run' },
  race_name: str,
  track_id: int,
  track_name: str,
  race_date: { type: 'string', format: 'date' },
  furlongs: num,
  surface_type: str,
  track_condition: str,
  finished_at: { type: 'string', format: 'date-time', description: 'racing clock' },
  race_duration_ms: { type: 'integer', description: "the winner's time" },
  wire_position: num,
  seed: { type: 'string', description: 'the secret seed, revealed at the finish (hex)' },
  seed_hash: { type: 'string', description: 'SHA-256 of the seed, published when betting opened (hex)' },
  finishers: {
    type: 'array',
    description: 'winner first',
    items: object({
      finish_position: int,
      post_position: int,
      horse_id: int,
      horse_name: str,
      jockey_id: int,
      jockey_name: str,
      trainer_id: nullable(int),
      trainer_name: nullable(str),
      owner_id: nullable(int),
      owner_name: nullable(str),
      finish_time_ms: int,
      speed_figure: int,
      earnings_cents: int,
    }),
  },
  engine_runners: {
    type: 'array',
    description: 'the engine input (with seed, furlongs, surface_type, track_condition): re-run the race anywhere',
    items: object({
      post_position: int,
      horse_id: int,
      speed_figure: num,
      stamina: num,
      jockey_skill: num,
      early_speed: num,
    }),
  },
});

export const RACE_VERIFICATION_SCHEMA = object({
  current_race_id: int,
  seed: str,
  seed_hash: str,
  hash_matches: { type: 'boolean' },
  result_matches: { type: 'boolean' },
  official_order: { type: 'array', items: int, description: 'post positions, winner first' },
  rerun_order: { type: 'array', items: int },
});

export const RUNNER_STATS_SCHEMA = object({
  instance: str,
  races_held: int,
  races_running: int,
  tick_lateness_ms: object({ count: int, p50: num, p99: num, max: num }),
});
