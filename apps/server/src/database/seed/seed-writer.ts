import type { EntityManager } from 'typeorm';
import type { SeedData, TrackRow } from './seed-generator';

/** PostgreSQL element types of the columns we bulk-load. */
type SqlType =
  | 'int'
  | 'smallint'
  | 'bigint'
  | 'numeric'
  | 'text'
  | 'boolean'
  | 'date'
  | 'time'
  | 'timestamptz'
  | 'jsonb';

/** Every column of a row type with its SQL type: a new row field fails to compile until mapped here. */
type Columns<Row> = { readonly [K in keyof Row & string]: SqlType };

type Cell = string | number | boolean | null;

// One statement per chunk keeps each bind message to a few megabytes.
const CHUNK_ROWS = 20_000;

const BREEDS: Columns<SeedData['breeds'][number]> = { id: 'int', breed_name: 'text', breed_description: 'text' };

const BET_TYPES: Columns<SeedData['bet_types'][number]> = {
  id: 'int',
  bet_type: 'text',
  description: 'text',
  legs: 'smallint',
  horses_required: 'smallint',
  ordered: 'boolean',
  sort_order: 'smallint',
};

const JOCKEYS: Columns<SeedData['jockeys'][number]> = { id: 'int', jockey_name: 'text', earnings_cents: 'bigint' };
const TRAINERS: Columns<SeedData['trainers'][number]> = { id: 'int', trainer_name: 'text' };
const OWNERS: Columns<SeedData['owners'][number]> = { id: 'int', owner_name: 'text' };

const HORSES: Columns<SeedData['horses'][number]> = {
  id: 'int',
  horse_name: 'text',
  horse_number: 'int',
  breed_id: 'int',
  dob: 'date',
  age: 'smallint',
  gender: 'text',
  color: 'text',
  height_hands: 'numeric',
  weight_lbs: 'int',
  sire: 'text',
  dam: 'text',
  breeder: 'text',
  jockey_id: 'int',
  trainer_id: 'int',
  owner_id: 'int',
  user_id: 'int',
  earnings_cents: 'bigint',
};

const IMAGES: Columns<SeedData['images'][number]> = { id: 'int', image_name: 'text' };

// Array columns of tracks are written with a VALUES list (unnest cannot yield arrays), so each carries its full type.
const TRACKS: { readonly [K in keyof TrackRow & string]: string } = {
  id: 'int',
  track_name: 'text',
  location: 'text',
  start_time: 'time',
  utc_offset_minutes: 'smallint',
  daily_races: 'smallint',
  race_intervals: 'smallint',
  surface_type: 'text',
  track_condition: 'text',
  weather: 'text',
  miles: 'numeric',
  furlongs: 'numeric',
  meters: 'int',
  post_time: 'time',
  purse_cents: 'bigint',
  race_dates: 'date[]',
  wager_types: 'text[]',
  distances_furlongs: 'numeric[]',
  purse_sizes_cents: 'bigint[]',
};

const RACES: Columns<SeedData['races'][number]> = {
  id: 'int',
  race_name: 'text',
  race_date: 'date',
  race_number: 'smallint',
  starting_time: 'time',
  race_class: 'text',
  num_horses: 'smallint',
  track_id: 'int',
  location: 'text',
  miles: 'numeric',
  furlongs: 'numeric',
  meters: 'int',
  weather: 'text',
  surface_type: 'text',
  track_condition: 'text',
  purse_cents: 'bigint',
};

const RACE_ENTRIES: Columns<SeedData['race_entries'][number]> = {
  race_id: 'int',
  post_position: 'smallint',
  horse_id: 'int',
  jockey_id: 'int',
  trainer_id: 'int',
  owner_id: 'int',
};

const RACE_RESULTS: Columns<SeedData['race_results'][number]> = {
  id: 'int',
  race_id: 'int',
  num_horses: 'smallint',
  winner_horse_id: 'int',
  winner_post_position: 'smallint',
  race_duration_ms: 'int',
  wire_position: 'numeric',
  horse_positions: 'jsonb',
  finished_at: 'timestamptz',
};

const RACE_RESULT_FINISHERS: Columns<SeedData['race_result_finishers'][number]> = {
  result_id: 'int',
  finish_position: 'smallint',
  post_position: 'smallint',
  horse_id: 'int',
  jockey_id: 'int',
  trainer_id: 'int',
  owner_id: 'int',
  finish_time_ms: 'int',
  speed_figure: 'smallint',
  earnings_cents: 'bigint',
};

const AUCTION_HORSES: Columns<SeedData['auction_horses'][number]> = {
  id: 'int',
  horse_id: 'int',
  name: 'text',
  breed: 'text',
  age: 'smallint',
  image: 'text',
  description: 'text',
  starting_bid_cents: 'bigint',
};

/** Tables with a serial id, whose sequences must continue after the explicit ids we insert. */
const SERIAL_TABLES = [
  'breeds',
  'bet_types',
  'jockeys',
  'trainers',
  'owners',
  'horses',
  'images',
  'tracks',
  'races',
  'race_results',
  'auction_horses',
] as const;

/**
 * Bulk-inserts generated seed data into empty tables, in foreign-key order, then moves every id
 * sequence past the inserted ids. Run it inside a transaction; it does not write past_performances
 * (run refreshPastPerformances afterwards so those rows derive from the results).
 */
export async function writeSeedData(manager: EntityManager, data: SeedData): Promise<void> {
  await insertRows(manager, 'breeds', BREEDS, data.breeds);
  await insertRows(manager, 'bet_types', BET_TYPES, data.bet_types);
  await insertRows(manager, 'jockeys', JOCKEYS, data.jockeys);
  await insertRows(manager, 'trainers', TRAINERS, data.trainers);
  await insertRows(manager, 'owners', OWNERS, data.owners);
  await withIndexesBuiltAfter(manager, REINDEXED_TABLES, async () => {
    await insertRows(manager, 'horses', HORSES, data.horses);
    await insertRows(manager, 'images', IMAGES, data.images);
    await insertTracks(manager, data.tracks);
    await insertRows(manager, 'races', RACES, data.races);
    await insertRows(manager, 'race_entries', RACE_ENTRIES, data.race_entries);
    await insertRows(manager, 'race_results', RACE_RESULTS, data.race_results);
    await insertRows(manager, 'race_result_finishers', RACE_RESULT_FINISHERS, data.race_result_finishers);
  });
  await insertRows(manager, 'auction_horses', AUCTION_HORSES, data.auction_horses);
  // One round trip: each sequence's next value becomes max(id) + 1 (1 for an empty table).
  const setvals = SERIAL_TABLES.map(
    (table) =>
      `setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM "${table}"), false)`,
  );
  await manager.query(`SELECT ${setvals.join(', ')}`);
}

/**
 * The catalog's big tables, whose foreign keys are checked and secondary indexes (one per sortable
 * column and direction, and the trigram index of the search text) built after the bulk insert, as
 * pg_restore does, rather than row by row: on PGlite the 6,000 horses took 5.5 s to insert with their
 * ~37 indexes, and each entry and finisher row made five foreign-key checks.
 */
const REINDEXED_TABLES = ['horses', 'races', 'race_entries', 'race_result_finishers'];

/**
 * Drops the tables' foreign keys and the indexes no constraint owns (primary keys and unique
 * constraints stay, so rows are still checked against them as they go in), runs `work`, then creates
 * each index again and adds each foreign key again (which checks every row at once) from its own
 * definition, in the caller's transaction: a failure leaves the schema as it was.
 */
async function withIndexesBuiltAfter(
  manager: EntityManager,
  tables: readonly string[],
  work: () => Promise<void>,
): Promise<void> {
  const foreignKeys: { name: string; table: string; definition: string }[] = await manager.query(
    `SELECT c.conname AS name, t.relname AS "table", pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
      WHERE c.contype = 'f' AND t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1::text[])
      ORDER BY t.relname, c.conname`,
    [tables],
  );
  const indexes: { name: string; definition: string }[] = await manager.query(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
        AND NOT EXISTS (
          SELECT 1 FROM pg_constraint c
           WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
      ORDER BY i.tablename, i.indexname`,
    [tables],
  );
  for (const fk of foreignKeys) await manager.query(`ALTER TABLE "${fk.table}" DROP CONSTRAINT "${fk.name}"`);
  if (indexes.length > 0) await manager.query(`DROP INDEX ${indexes.map((i) => `"${i.name}"`).join(', ')}`);
  await work();
  for (const index of indexes) await manager.query(index.definition);
  for (const fk of foreignKeys) {
    await manager.query(`ALTER TABLE "${fk.table}" ADD CONSTRAINT "${fk.name}" ${fk.definition}`);
  }
}

/**
 * `INSERT … SELECT * FROM unnest($1::int[], $2::text[], …)`: one array parameter per column, so a
 * chunk of 20,000 rows is one statement with a handful of parameters.
 */
async function insertRows<Row extends object>(
  manager: EntityManager,
  table: string,
  columns: Columns<Row>,
  rows: readonly Row[],
): Promise<void> {
  const names = Object.keys(columns) as (keyof Row & string)[];
  const casts = names.map((name, i) => `$${i + 1}::${columns[name]}[]`);
  const sql = `INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) SELECT * FROM unnest(${casts.join(', ')})`;
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    const chunk = rows.slice(start, start + CHUNK_ROWS);
    const params = names.map((name) => chunk.map((row) => toCell(row[name], columns[name])));
    await manager.query(sql, params);
  }
}

function toCell(value: unknown, type: SqlType): Cell {
  if (value === null || value === undefined) return null;
  if (type === 'jsonb') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  throw new TypeError(`seed writer: unexpected ${typeof value} for a ${type} column`);
}

/** Tracks hold array columns: a plain multi-row VALUES list (there are only ~70 rows). */
async function insertTracks(manager: EntityManager, tracks: readonly TrackRow[]): Promise<void> {
  if (tracks.length === 0) return;
  const names = Object.keys(TRACKS) as (keyof TrackRow & string)[];
  const params: unknown[] = [];
  const tuples = tracks.map((track) => {
    const cells = names.map((name) => {
      params.push(track[name]);
      return `$${params.length}::${TRACKS[name]}`;
    });
    return `(${cells.join(', ')})`;
  });
  await manager.query(
    `INSERT INTO "tracks" (${names.map((n) => `"${n}"`).join(', ')}) VALUES ${tuples.join(', ')}`,
    params,
  );
}
