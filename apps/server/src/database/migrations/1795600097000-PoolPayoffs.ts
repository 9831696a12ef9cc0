import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PoolPayoffs1795600097000 implements MigrationInterface {
  name = 'PoolPayoffs1795600097000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "pool_payoffs" ("pool_id" integer NOT NULL, "combination" text NOT NULL, "price_per_dollar_cents" integer NOT NULL, "winning_cents" bigint NOT NULL, "paid_cents" bigint NOT NULL, "races_correct" smallint, CONSTRAINT "ck_pool_payoffs_amounts" CHECK (price_per_dollar_cents >= 100 AND winning_cents > 0 AND paid_cents >= 0), CONSTRAINT "PK_f37bbc79879e2951787cf5bc997" PRIMARY KEY ("pool_id", "combination"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "pool_payoffs" ADD CONSTRAINT "FK_f16cb28abcbc680200d54aec673" FOREIGN KEY ("pool_id") REFERENCES "wager_pools"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "pool_payoffs" DROP CONSTRAINT "FK_f16cb28abcbc680200d54aec673"`);
    await queryRunner.query(`DROP TABLE "pool_payoffs"`);
  }
}
