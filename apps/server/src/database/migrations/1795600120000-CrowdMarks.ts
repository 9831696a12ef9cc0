import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16 §3: the simulated crowd's money accrues lazily (when someone looks, a bet moves the
 * board, or the race closes) instead of a transaction per open race every tote tick; each race
 * keeps how far its crowd's ticks are in its pools.
 */
export class CrowdMarks1795600120000 implements MigrationInterface {
  name = 'CrowdMarks1795600120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "wager_crowd_marks" ("current_race_id" integer NOT NULL, "through_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_7952c8f9f02d86202dc92dbb1e1" PRIMARY KEY ("current_race_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "wager_crowd_marks" ADD CONSTRAINT "FK_7952c8f9f02d86202dc92dbb1e1" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "wager_crowd_marks"`);
  }
}
