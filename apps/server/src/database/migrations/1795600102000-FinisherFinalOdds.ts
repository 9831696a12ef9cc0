import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A start's final odds (issue 15: the past performances show them): each finisher's win odds to 1
 * as the tote's win pool stood at the off, kept when the race's pools are settled. Starts from
 * before (the seeded history, and live races settled before this) have none.
 */
export class FinisherFinalOdds1795600102000 implements MigrationInterface {
  name = 'FinisherFinalOdds1795600102000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "race_result_finishers" ADD "final_odds" numeric(7,2)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "race_result_finishers" DROP COLUMN "final_odds"`);
  }
}
