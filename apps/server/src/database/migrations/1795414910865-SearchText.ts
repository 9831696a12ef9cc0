import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SEARCH_TEXT_COLUMN, searchTextExpression } from '../../catalog/search-text';

// Free text over several columns becomes one LIKE over a stored, lower-cased column with one
// trigram index, instead of an ILIKE and an index per column (the catalog bench's hot query).
const TABLES = ['horses', 'tracks', 'races'] as const;
const OLD_TRIGRAM_COLUMNS: Record<(typeof TABLES)[number], string[]> = {
  horses: ['horse_name', 'sire', 'dam', 'breeder'],
  tracks: ['track_name', 'location'],
  races: ['race_name', 'location'],
};

export class SearchText1795414910865 implements MigrationInterface {
  name = 'SearchText1795414910865';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      for (const column of OLD_TRIGRAM_COLUMNS[table]) await queryRunner.query(`DROP INDEX "trgm_${table}_${column}"`);
      const expression = searchTextExpression(table);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD "${SEARCH_TEXT_COLUMN}" text GENERATED ALWAYS AS (${expression}) STORED NOT NULL`,
      );
      // TypeORM compares generated columns against its metadata table: record this one there.
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata"("database", "schema", "table", "type", "name", "value")
         VALUES (current_database(), current_schema(), $1, 'GENERATED_COLUMN', $2, $3)`,
        [table, SEARCH_TEXT_COLUMN, expression],
      );
      await queryRunner.query(
        `CREATE INDEX "trgm_${table}_search_text" ON "${table}" USING gin ("${SEARCH_TEXT_COLUMN}" gin_trgm_ops)`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DROP INDEX "trgm_${table}_search_text"`);
      await queryRunner.query(
        `DELETE FROM "typeorm_metadata" WHERE "type" = 'GENERATED_COLUMN' AND "table" = $1 AND "name" = $2`,
        [table, SEARCH_TEXT_COLUMN],
      );
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "${SEARCH_TEXT_COLUMN}"`);
      for (const column of OLD_TRIGRAM_COLUMNS[table]) {
        await queryRunner.query(
          `CREATE INDEX "trgm_${table}_${column}" ON "${table}" USING gin ("${column}" gin_trgm_ops)`,
        );
      }
    }
  }
}
