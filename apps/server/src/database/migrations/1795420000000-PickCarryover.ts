import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PickCarryover1795420000000 implements MigrationInterface {
  name = 'PickCarryover1795420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "wager_pools" ADD "carryover_cents" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "wager_pools" ADD "carried_over_cents" bigint NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "wager_pools" DROP CONSTRAINT "ck_wager_pools_gross"`);
    await queryRunner.query(
      `ALTER TABLE "wager_pools" ADD CONSTRAINT "ck_wager_pools_gross" CHECK (gross_cents >= 0 AND seed_cents >= 0 AND carryover_cents >= 0 AND carried_over_cents >= 0)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "wager_pools" DROP CONSTRAINT "ck_wager_pools_gross"`);
    await queryRunner.query(
      `ALTER TABLE "wager_pools" ADD CONSTRAINT "ck_wager_pools_gross" CHECK (gross_cents >= 0 AND seed_cents >= 0)`,
    );
    await queryRunner.query(`ALTER TABLE "wager_pools" DROP COLUMN "carried_over_cents"`);
    await queryRunner.query(`ALTER TABLE "wager_pools" DROP COLUMN "carryover_cents"`);
  }
}
