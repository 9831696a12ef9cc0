import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LiveRacing1795415538157 implements MigrationInterface {
  name = 'LiveRacing1795415538157';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tracks" ADD "utc_offset_minutes" smallint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "current_races" ADD "engine_runners" jsonb`);
    // Tracks seeded before this migration get the offsets the seed generator now gives (trackUtcOffsetMinutes).
    await queryRunner.query(
      `UPDATE "tracks" SET "utc_offset_minutes" = ((((id - 1) * 7) % 24) - 11) * 60 WHERE id > 0`,
    );
    await queryRunner.query(`CREATE INDEX "ix_tracks_utc_offset_minutes" ON "tracks"  ("utc_offset_minutes") `);
    await queryRunner.query(
      `ALTER TABLE "tracks" ADD CONSTRAINT "ck_tracks_utc_offset_minutes" CHECK (utc_offset_minutes BETWEEN -720 AND 840)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tracks" DROP CONSTRAINT "ck_tracks_utc_offset_minutes"`);
    await queryRunner.query(`DROP INDEX "public"."ix_tracks_utc_offset_minutes"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP COLUMN "engine_runners"`);
    await queryRunner.query(`ALTER TABLE "tracks" DROP COLUMN "utc_offset_minutes"`);
  }
}
