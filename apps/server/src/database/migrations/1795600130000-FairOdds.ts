import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17 §3: fair odds from the engine, each starter's simulated chances to win, place and show,
 * kept per race (the fair-odds module's table).
 */
export class FairOdds1795600130000 implements MigrationInterface {
  name = 'FairOdds1795600130000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "race_fair_odds" ("current_race_id" integer NOT NULL, "post_position" integer NOT NULL, "win_probability" double precision NOT NULL, "place_probability" double precision NOT NULL, "show_probability" double precision NOT NULL, "runs" integer NOT NULL, "seed" text NOT NULL, "computed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "ck_race_fair_odds_runs" CHECK (runs > 0), CONSTRAINT "ck_race_fair_odds_chances" CHECK (win_probability BETWEEN 0 AND 1 AND place_probability BETWEEN 0 AND 1 AND show_probability BETWEEN 0 AND 1), CONSTRAINT "PK_8b850df456dee77bb149aa567e5" PRIMARY KEY ("current_race_id", "post_position"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_race_fair_odds_computed_at" ON "race_fair_odds"  ("computed_at") `);
    await queryRunner.query(
      `ALTER TABLE "race_fair_odds" ADD CONSTRAINT "FK_b05a37169ea75439d5425c54fd7" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "race_fair_odds" DROP CONSTRAINT "FK_b05a37169ea75439d5425c54fd7"`);
    await queryRunner.query(`DROP INDEX "public"."ix_race_fair_odds_computed_at"`);
    await queryRunner.query(`DROP TABLE "race_fair_odds"`);
  }
}
