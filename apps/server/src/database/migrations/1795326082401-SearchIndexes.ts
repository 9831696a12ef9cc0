import type { MigrationInterface, QueryRunner } from 'typeorm';

// Free-text search (?q=) is ILIKE '%text%' over the name columns; trigram GIN indexes serve it.
const TRIGRAM_COLUMNS: Record<string, string[]> = {
  horses: ['horse_name', 'sire', 'dam', 'breeder'],
  jockeys: ['jockey_name'],
  trainers: ['trainer_name'],
  owners: ['owner_name'],
  tracks: ['track_name', 'location'],
  races: ['race_name', 'location'],
  breeds: ['breed_name'],
  bet_types: ['bet_type'],
};

export class SearchIndexes1795326082401 implements MigrationInterface {
  name = 'SearchIndexes1795326082401';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const [table, columns] of Object.entries(TRIGRAM_COLUMNS)) {
      for (const column of columns) {
        await queryRunner.query(
          `CREATE INDEX "trgm_${table}_${column}" ON "${table}" USING gin ("${column}" gin_trgm_ops)`,
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, columns] of Object.entries(TRIGRAM_COLUMNS)) {
      for (const column of columns) {
        await queryRunner.query(`DROP INDEX "trgm_${table}_${column}"`);
      }
    }
  }
}
