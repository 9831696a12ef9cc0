import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ListIndexes1795326320629 implements MigrationInterface {
  name = 'ListIndexes1795326320629';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "ix_breeds_breed_description" ON "breeds"  ("breed_description") `);
    await queryRunner.query(`CREATE INDEX "ix_bet_types_description" ON "bet_types"  ("description") `);
    await queryRunner.query(`CREATE INDEX "ix_bet_types_legs" ON "bet_types"  ("legs") `);
    await queryRunner.query(`CREATE INDEX "ix_bet_types_horses_required" ON "bet_types"  ("horses_required") `);
    await queryRunner.query(`CREATE INDEX "ix_bet_types_ordered" ON "bet_types"  ("ordered") `);
    await queryRunner.query(`CREATE INDEX "ix_bet_types_sort_order" ON "bet_types"  ("sort_order") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_race_dates" ON "tracks"  ("race_dates") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_wager_types" ON "tracks"  ("wager_types") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_distances_furlongs" ON "tracks"  ("distances_furlongs") `);
    await queryRunner.query(`CREATE INDEX "ix_tracks_purse_sizes_cents" ON "tracks"  ("purse_sizes_cents") `);
    // Contains-filters on list columns (?wager_types=Exacta) use @>, which GIN serves.
    await queryRunner.query(`CREATE INDEX "gin_tracks_race_dates" ON "tracks" USING gin ("race_dates")`);
    await queryRunner.query(`CREATE INDEX "gin_tracks_wager_types" ON "tracks" USING gin ("wager_types")`);
    await queryRunner.query(
      `CREATE INDEX "gin_tracks_distances_furlongs" ON "tracks" USING gin ("distances_furlongs")`,
    );
    await queryRunner.query(`CREATE INDEX "gin_tracks_purse_sizes_cents" ON "tracks" USING gin ("purse_sizes_cents")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "gin_tracks_race_dates"`);
    await queryRunner.query(`DROP INDEX "gin_tracks_wager_types"`);
    await queryRunner.query(`DROP INDEX "gin_tracks_distances_furlongs"`);
    await queryRunner.query(`DROP INDEX "gin_tracks_purse_sizes_cents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_purse_sizes_cents"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_distances_furlongs"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_wager_types"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_race_dates"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bet_types_sort_order"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bet_types_ordered"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bet_types_horses_required"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bet_types_legs"`);
    await queryRunner.query(`DROP INDEX "public"."ix_bet_types_description"`);
    await queryRunner.query(`DROP INDEX "public"."ix_breeds_breed_description"`);
  }
}
