import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20, news: the items the news job writes from what happened, once per guid. */
export class NewsItems1795600210000 implements MigrationInterface {
  name = 'NewsItems1795600210000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "news_items" ("id" SERIAL NOT NULL, "guid" text NOT NULL, "kind" text NOT NULL, "title" text NOT NULL, "description" text NOT NULL, "link" text NOT NULL, "thumbnail" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "ck_news_items_kind" CHECK (kind IN ('big_win', 'big_exotic', 'carryover')), CONSTRAINT "pk_news_items" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_news_items_created_at" ON "news_items"  ("created_at", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_news_items_guid" ON "news_items"  ("guid") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ux_news_items_guid"`);
    await queryRunner.query(`DROP INDEX "public"."ix_news_items_created_at"`);
    await queryRunner.query(`DROP TABLE "news_items"`);
  }
}
