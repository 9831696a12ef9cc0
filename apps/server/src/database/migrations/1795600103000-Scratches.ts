import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scratches (issue 16): an entry records when it was scratched, why, and by whom (an admin's user
 * id, or null for the simulation); a bet keeps what scratches refunded of it; a race left with too
 * few starters is cancelled for that reason.
 */
export class Scratches1795600103000 implements MigrationInterface {
  name = 'Scratches1795600103000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD "scratched_at" TIMESTAMP WITH TIME ZONE, ADD "scratch_reason" text, ADD "scratched_by" integer`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD CONSTRAINT "ck_current_race_entries_scratch" CHECK ((scratched_at IS NULL) = (scratch_reason IS NULL) AND (scratched_by IS NULL OR scratched_at IS NOT NULL))`,
    );
    await queryRunner.query(`ALTER TABLE "bets" ADD "refunded_cents" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(
      `ALTER TABLE "bets" ADD CONSTRAINT "ck_bets_refunded" CHECK (refunded_cents >= 0 AND refunded_cents <= total_cents)`,
    );
    await queryRunner.query(`ALTER TABLE "current_races" DROP CONSTRAINT "ck_current_races_cancel_reason"`);
    await queryRunner.query(
      `ALTER TABLE "current_races" ADD CONSTRAINT "ck_current_races_cancel_reason" CHECK (cancel_reason IN ('missed_post', 'not_recorded', 'too_few_starters') AND status = 'cancelled' OR cancel_reason IS NULL AND status <> 'cancelled')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "current_races" DROP CONSTRAINT "ck_current_races_cancel_reason"`);
    await queryRunner.query(
      `UPDATE "current_races" SET "cancel_reason" = 'not_recorded' WHERE "cancel_reason" = 'too_few_starters'`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_races" ADD CONSTRAINT "ck_current_races_cancel_reason" CHECK (cancel_reason IN ('missed_post', 'not_recorded') AND status = 'cancelled' OR cancel_reason IS NULL AND status <> 'cancelled')`,
    );
    await queryRunner.query(`ALTER TABLE "bets" DROP CONSTRAINT "ck_bets_refunded"`);
    await queryRunner.query(`ALTER TABLE "bets" DROP COLUMN "refunded_cents"`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP CONSTRAINT "ck_current_race_entries_scratch"`);
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" DROP COLUMN "scratched_by", DROP COLUMN "scratch_reason", DROP COLUMN "scratched_at"`,
    );
  }
}
