import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Why a race was cancelled (issue 15): every cancelled race says so, and nothing else carries a
 * reason. Races cancelled before this column existed were, but for a failed result write, all
 * cancelled for a missed post: the server was not running at their post time.
 */
export class RaceCancelReason1795600098000 implements MigrationInterface {
  name = 'RaceCancelReason1795600098000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "current_races" ADD "cancel_reason" text`);
    await queryRunner.query(`UPDATE "current_races" SET "cancel_reason" = 'missed_post' WHERE "status" = 'cancelled'`);
    await queryRunner.query(
      `ALTER TABLE "current_races" ADD CONSTRAINT "ck_current_races_cancel_reason" CHECK (cancel_reason IN ('missed_post', 'not_recorded') AND status = 'cancelled' OR cancel_reason IS NULL AND status <> 'cancelled')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "current_races" DROP CONSTRAINT "ck_current_races_cancel_reason"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP COLUMN "cancel_reason"`);
  }
}
