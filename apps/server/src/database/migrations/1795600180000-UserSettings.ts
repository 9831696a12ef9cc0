import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20, settings: a user's time zone, odds format, default bet and notices. */
export class UserSettings1795600180000 implements MigrationInterface {
  name = 'UserSettings1795600180000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_settings" ("user_id" integer NOT NULL, "time_zone" text, "odds_format" text NOT NULL DEFAULT 'fractional', "default_bet_amount_cents" integer NOT NULL DEFAULT '200', "notify_own_horse_running" boolean NOT NULL DEFAULT true, "notify_own_bet_results" boolean NOT NULL DEFAULT true, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_user_settings_default_bet" CHECK (default_bet_amount_cents BETWEEN 100 AND 1000000), CONSTRAINT "ck_user_settings_odds_format" CHECK (odds_format IN ('fractional', 'decimal')), CONSTRAINT "PK_4ed056b9344e6f7d8d46ec4b302" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_settings" ADD CONSTRAINT "FK_4ed056b9344e6f7d8d46ec4b302" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_settings" DROP CONSTRAINT "FK_4ed056b9344e6f7d8d46ec4b302"`);
    await queryRunner.query(`DROP TABLE "user_settings"`);
  }
}
