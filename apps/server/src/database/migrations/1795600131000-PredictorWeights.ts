import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 17: the race predictor's weights each account saved, in whole hundredths (0..100). */
export class PredictorWeights1795600131000 implements MigrationInterface {
  name = 'PredictorWeights1795600131000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "predictor_weights" ("user_id" integer NOT NULL, "win_rate" smallint NOT NULL, "average_speed" smallint NOT NULL, "earnings" smallint NOT NULL, "last_race_time" smallint NOT NULL, "jockey_win_rate" smallint NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_predictor_weights_range" CHECK (win_rate BETWEEN 0 AND 100 AND average_speed BETWEEN 0 AND 100
  AND earnings BETWEEN 0 AND 100 AND last_race_time BETWEEN 0 AND 100 AND jockey_win_rate BETWEEN 0 AND 100), CONSTRAINT "PK_211f8da3ae3ab010ce8e88847ff" PRIMARY KEY ("user_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "predictor_weights" ADD CONSTRAINT "FK_211f8da3ae3ab010ce8e88847ff" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "predictor_weights"`);
  }
}
