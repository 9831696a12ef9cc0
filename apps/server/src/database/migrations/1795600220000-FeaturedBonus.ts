import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20, the featured bonus: the hour's featured four, and the bonuses paid (one per bet). */
export class FeaturedBonus1795600220000 implements MigrationInterface {
  name = 'FeaturedBonus1795600220000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "featured_bonuses" ("bet_id" bigint NOT NULL, "user_id" integer NOT NULL, "amount_cents" integer NOT NULL, "transfer_id" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_featured_bonuses_amount" CHECK (amount_cents > 0), CONSTRAINT "PK_20b1e252387b2394103adff4407" PRIMARY KEY ("bet_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_featured_bonuses_user_id" ON "featured_bonuses"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "featured_picks" ("hour_start" TIMESTAMP WITH TIME ZONE NOT NULL, "horse_id" integer NOT NULL, "jockey_id" integer NOT NULL, "trainer_id" integer, "owner_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ee7d0a77ba0c3b235967fb13e1c" PRIMARY KEY ("hour_start"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "featured_picks"`);
    await queryRunner.query(`DROP INDEX "public"."ix_featured_bonuses_user_id"`);
    await queryRunner.query(`DROP TABLE "featured_bonuses"`);
  }
}
