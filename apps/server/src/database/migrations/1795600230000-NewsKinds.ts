import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20, news: items of winning streaks, users' horses winning, auction records and a configured feed. */
export class NewsKinds1795600230000 implements MigrationInterface {
  name = 'NewsKinds1795600230000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "news_items" DROP CONSTRAINT "ck_news_items_kind"`);
    await queryRunner.query(
      `ALTER TABLE "news_items" ADD CONSTRAINT "ck_news_items_kind" CHECK (kind IN ('big_win', 'big_exotic', 'carryover', 'win_streak', 'owner_win', 'auction_record', 'feed'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "news_items" WHERE kind NOT IN ('big_win', 'big_exotic', 'carryover')`);
    await queryRunner.query(`ALTER TABLE "news_items" DROP CONSTRAINT "ck_news_items_kind"`);
    await queryRunner.query(
      `ALTER TABLE "news_items" ADD CONSTRAINT "ck_news_items_kind" CHECK (kind IN ('big_win', 'big_exotic', 'carryover'))`,
    );
  }
}
