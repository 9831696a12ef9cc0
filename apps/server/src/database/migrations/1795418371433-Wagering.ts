import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Wagering1795418371433 implements MigrationInterface {
  name = 'Wagering1795418371433';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "bet_slips" ("id" BIGSERIAL NOT NULL, "user_id" integer NOT NULL, "idempotency_key" text NOT NULL, "request_hash" text NOT NULL, "response" json NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cc56a2b13b44c395114d71a5eee" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_bet_slips_user_key" ON "bet_slips"  ("user_id", "idempotency_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "wager_pools" ("id" SERIAL NOT NULL, "current_race_id" integer NOT NULL, "last_race_id" integer NOT NULL, "bet_type" text NOT NULL, "bet_type_id" integer NOT NULL, "race_ids" integer array NOT NULL, "takeout" numeric(5,4) NOT NULL, "gross_cents" bigint NOT NULL DEFAULT '0', "seed_cents" bigint NOT NULL DEFAULT '0', "account_code" text NOT NULL, "state" text NOT NULL DEFAULT 'open', "frozen_at" TIMESTAMP WITH TIME ZONE, "settled_at" TIMESTAMP WITH TIME ZONE, "paid_cents" bigint NOT NULL DEFAULT '0', CONSTRAINT "ck_wager_pools_gross" CHECK (gross_cents >= 0 AND seed_cents >= 0), CONSTRAINT "ck_wager_pools_state" CHECK (state IN ('open', 'frozen', 'settled', 'refunded')), CONSTRAINT "PK_3b2f6da62815736092660278527" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_wager_pools_last_race_state" ON "wager_pools"  ("last_race_id", "state") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_wager_pools_race_type" ON "wager_pools"  ("current_race_id", "bet_type") `,
    );
    await queryRunner.query(
      `CREATE TABLE "wager_pool_interests" ("pool_id" integer NOT NULL, "interest" text NOT NULL, "amount_cents" bigint NOT NULL DEFAULT '0', "house_cents" bigint NOT NULL DEFAULT '0', CONSTRAINT "PK_395bbab8c72e9713f3a665381ce" PRIMARY KEY ("pool_id", "interest"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "bet_slips" ADD CONSTRAINT "FK_468f0397e1b66e4b79dcfaa4815" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "wager_pools" ADD CONSTRAINT "FK_37d5339147387e25ac2ce970a13" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "wager_pool_interests" ADD CONSTRAINT "FK_005a5a6151970235e882c28a3cb" FOREIGN KEY ("pool_id") REFERENCES "wager_pools"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "wager_pool_interests" DROP CONSTRAINT "FK_005a5a6151970235e882c28a3cb"`);
    await queryRunner.query(`ALTER TABLE "wager_pools" DROP CONSTRAINT "FK_37d5339147387e25ac2ce970a13"`);
    await queryRunner.query(`ALTER TABLE "bet_slips" DROP CONSTRAINT "FK_468f0397e1b66e4b79dcfaa4815"`);
    await queryRunner.query(`DROP TABLE "wager_pool_interests"`);
    await queryRunner.query(`DROP INDEX "public"."ux_wager_pools_race_type"`);
    await queryRunner.query(`DROP INDEX "public"."ix_wager_pools_last_race_state"`);
    await queryRunner.query(`DROP TABLE "wager_pools"`);
    await queryRunner.query(`DROP INDEX "public"."ux_bet_slips_user_key"`);
    await queryRunner.query(`DROP TABLE "bet_slips"`);
  }
}
