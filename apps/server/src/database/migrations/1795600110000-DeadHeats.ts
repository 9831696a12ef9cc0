import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dead heats and fallback classes (issue 16). Runners whose recorded times are equal share a finish
 * position, so a result's finishers are keyed by program number, not by position. A pool paid on a
 * fallback class (nobody held the winning combination) keeps the class's pattern beside each
 * combination it paid ('3-*': the winner first, any second).
 */
export class DeadHeats1795600110000 implements MigrationInterface {
  name = 'DeadHeats1795600110000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "PK_cfb8b5ef9520d08e257b1d97ac0"`);
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "PK_race_result_finishers" PRIMARY KEY ("result_id", "post_position")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_race_result_finishers_result_position" ON "race_result_finishers" ("result_id", "finish_position")`,
    );
    await queryRunner.query(`ALTER TABLE "pool_payoffs" ADD "paid_class" text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "pool_payoffs" DROP COLUMN "paid_class"`);
    await queryRunner.query(`DROP INDEX "ix_race_result_finishers_result_position"`);
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP CONSTRAINT "PK_race_result_finishers"`);
    await queryRunner.query(
      `ALTER TABLE "race_result_finishers" ADD CONSTRAINT "PK_cfb8b5ef9520d08e257b1d97ac0" PRIMARY KEY ("result_id", "finish_position")`,
    );
  }
}
