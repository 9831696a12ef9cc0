import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 19: a stable horse consigned to an auction sale enters no race until the sale is over. */
export class StableOnSale1795600151000 implements MigrationInterface {
  name = 'StableOnSale1795600151000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stable_horses" ADD "on_sale" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "stable_horses" DROP COLUMN "on_sale"`);
  }
}
