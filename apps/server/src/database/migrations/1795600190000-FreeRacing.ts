import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20, free races: the boards (horses and odds as json, seed and its hash, the result) and players' free picks. */
export class FreeRacing1795600190000 implements MigrationInterface {
  name = 'FreeRacing1795600190000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "free_boards" ("id" SERIAL NOT NULL, "set_id" integer NOT NULL, "board_no" smallint NOT NULL, "horses" jsonb NOT NULL, "odds_open_at" TIMESTAMP WITH TIME ZONE NOT NULL, "odds_close_at" TIMESTAMP WITH TIME ZONE NOT NULL, "seed" text NOT NULL, "seed_hash" text NOT NULL, "status" text NOT NULL DEFAULT 'odds', "started_at" TIMESTAMP WITH TIME ZONE, "finishes_at" TIMESTAMP WITH TIME ZONE, "finish_order" integer array, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_free_boards_status" CHECK (status IN ('odds', 'running', 'finished')), CONSTRAINT "PK_8c75706d0d060356a597ca4f6af" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_free_boards_set_id" ON "free_boards"  ("set_id") `);
    await queryRunner.query(
      `CREATE TABLE "free_picks" ("id" SERIAL NOT NULL, "board_id" integer NOT NULL, "user_id" integer NOT NULL, "post" smallint NOT NULL, "odds_n" smallint NOT NULL, "odds_m" smallint NOT NULL, "points" integer, "settled_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_free_picks_odds" CHECK (odds_n BETWEEN 1 AND 10 AND odds_m BETWEEN 1 AND 10), CONSTRAINT "ck_free_picks_post" CHECK (post BETWEEN 1 AND 7), CONSTRAINT "PK_9e6c3ad0478c4ada2b9df603e18" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_free_picks_settled_at" ON "free_picks"  ("settled_at") `);
    await queryRunner.query(
      `CREATE INDEX "ix_free_picks_user_id_created_at" ON "free_picks"  ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_free_picks_board_id_user_id" ON "free_picks"  ("board_id", "user_id") `,
    );
    await queryRunner.query(
      `ALTER TABLE "free_picks" ADD CONSTRAINT "FK_4058bcde18acd6e109f4b73d6c9" FOREIGN KEY ("board_id") REFERENCES "free_boards"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "free_picks" ADD CONSTRAINT "FK_b1d6116eae591fc606fe57b4d8f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "free_picks" DROP CONSTRAINT "FK_b1d6116eae591fc606fe57b4d8f"`);
    await queryRunner.query(`ALTER TABLE "free_picks" DROP CONSTRAINT "FK_4058bcde18acd6e109f4b73d6c9"`);
    await queryRunner.query(`DROP INDEX "public"."ux_free_picks_board_id_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_free_picks_user_id_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_free_picks_settled_at"`);
    await queryRunner.query(`DROP TABLE "free_picks"`);
    await queryRunner.query(`DROP INDEX "public"."ix_free_boards_set_id"`);
    await queryRunner.query(`DROP TABLE "free_boards"`);
  }
}
