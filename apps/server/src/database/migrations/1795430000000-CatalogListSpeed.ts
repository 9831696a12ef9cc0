import type { MigrationInterface, QueryRunner } from 'typeorm';

// The lists sort by `column [ASC|DESC] NULLS LAST, id ASC`. A single-column index serves neither
// the DESC NULLS LAST order (a backward scan gives NULLS FIRST) nor the id tie-break, so PostgreSQL
// sorted every row for each page (earnings desc: a top-N sort of 6,000 horses per request). Each
// sort column of the two large lists gets (column, id) and (column DESC NULLS LAST, id), and the
// (column, id) one replaces the single-column index, which it also serves filters for.
const SORT_COLUMNS = {
  horses: [
    'horse_name',
    'horse_number',
    'breed_id',
    'dob',
    'age',
    'gender',
    'color',
    'height_hands',
    'weight_lbs',
    'sire',
    'dam',
    'breeder',
    'jockey_id',
    'trainer_id',
    'owner_id',
    'user_id',
    'earnings_cents',
  ],
  races: [
    'race_name',
    'race_date',
    'race_number',
    'starting_time',
    'race_class',
    'num_horses',
    'track_id',
    'location',
    'miles',
    'furlongs',
    'meters',
    'weather',
    'surface_type',
    'track_condition',
    'purse_cents',
  ],
} as const;

// Columns whose single-column index was something else (a unique constraint, a composite) and stays.
const NO_SINGLE_INDEX = new Set(['horses.horse_name', 'races.track_id']);

// GIN indexes buffer new entries in a pending list until a VACUUM merges it, and this machine's
// PostgreSQL runs no autovacuum: the seeded catalog sat in the list, which every free-text search
// read in full (q=storm: 8 ms in the trigram index, 0.1 ms once merged). Without fastupdate an
// insert goes straight into the index; the catalog is written rarely.
const GIN_INDEXES = [
  'trgm_horses_search_text',
  'trgm_tracks_search_text',
  'trgm_races_search_text',
  'trgm_jockeys_jockey_name',
  'trgm_trainers_trainer_name',
  'trgm_owners_owner_name',
  'trgm_breeds_breed_name',
  'trgm_bet_types_bet_type',
  'gin_tracks_race_dates',
  'gin_tracks_wager_types',
  'gin_tracks_distances_furlongs',
  'gin_tracks_purse_sizes_cents',
];

export class CatalogListSpeed1795430000000 implements MigrationInterface {
  name = 'CatalogListSpeed1795430000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(SORT_COLUMNS)) {
      for (const column of columns) {
        await queryRunner.query(`CREATE INDEX "ix_${table}_${column}_id" ON "${table}" ("${column}", "id")`);
        await queryRunner.query(
          `CREATE INDEX "ix_${table}_${column}_desc_id" ON "${table}" ("${column}" DESC NULLS LAST, "id")`,
        );
        if (!NO_SINGLE_INDEX.has(`${table}.${column}`)) await queryRunner.query(`DROP INDEX "ix_${table}_${column}"`);
      }
    }
    for (const index of GIN_INDEXES) {
      await queryRunner.query(`ALTER INDEX "${index}" SET (fastupdate = off)`);
      await queryRunner.query(`SELECT gin_clean_pending_list('"${index}"'::regclass)`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of GIN_INDEXES) await queryRunner.query(`ALTER INDEX "${index}" RESET (fastupdate)`);
    for (const [table, columns] of Object.entries(SORT_COLUMNS)) {
      for (const column of columns) {
        if (!NO_SINGLE_INDEX.has(`${table}.${column}`)) {
          await queryRunner.query(`CREATE INDEX "ix_${table}_${column}" ON "${table}" ("${column}")`);
        }
        await queryRunner.query(`DROP INDEX "ix_${table}_${column}_desc_id"`);
        await queryRunner.query(`DROP INDEX "ix_${table}_${column}_id"`);
      }
    }
  }
}
