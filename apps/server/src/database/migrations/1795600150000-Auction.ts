import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19, the auction: sales and their invited users, lots with their standing price, leader and
 * close (auction_horses), the accepted bids in the order decided, and sales contracts that record
 * their parties, signatures' times and the lot that wrote them.
 */
export class Auction1795600150000 implements MigrationInterface {
  name = 'Auction1795600150000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auction_sales" ("id" SERIAL NOT NULL, "name" text NOT NULL, "kind" text NOT NULL, "description" text NOT NULL DEFAULT '', "opens_at" TIMESTAMP WITH TIME ZONE NOT NULL, "first_close_at" TIMESTAMP WITH TIME ZONE NOT NULL, "house" boolean NOT NULL DEFAULT false, "created_by" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_auction_sales_times" CHECK (first_close_at > opens_at), CONSTRAINT "ck_auction_sales_kind" CHECK (kind IN ('public', 'private')), CONSTRAINT "PK_8613d844865dc8962934ed40d1a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_auction_sales_opens_at" ON "auction_sales"  ("opens_at")`);
    await queryRunner.query(
      `CREATE TABLE "auction_bids" ("id" BIGSERIAL NOT NULL, "lot_id" integer NOT NULL, "user_id" integer NOT NULL, "kind" text NOT NULL, "max_cents" bigint NOT NULL, "price_after_cents" bigint NOT NULL, "leader_after" integer NOT NULL, "idempotency_key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_auction_bids_amounts" CHECK (max_cents > 0 AND price_after_cents > 0), CONSTRAINT "ck_auction_bids_kind" CHECK (kind IN ('bid', 'max')), CONSTRAINT "PK_75fb5ac3cf131789bf7c5181efb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_auction_bids_user_key" ON "auction_bids"  ("user_id", "idempotency_key")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_auction_bids_lot_id_id" ON "auction_bids"  ("lot_id", "id")`);
    await queryRunner.query(
      `CREATE TABLE "auction_sale_invites" ("sale_id" integer NOT NULL, "user_id" integer NOT NULL, CONSTRAINT "PK_abc27fee9e3cc541546132ba59d" PRIMARY KEY ("sale_id", "user_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_auction_sale_invites_user_id" ON "auction_sale_invites"  ("user_id")`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "sale_id" integer`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "lot_no" smallint`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "seller_user_id" integer`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "reserve_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "closes_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "status" text NOT NULL DEFAULT 'open'`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "price_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "leader_user_id" integer`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "leader_max_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "bids_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "extensions" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "hammer_price_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "buyer_user_id" integer`);
    await queryRunner.query(`ALTER TABLE "auction_horses" ADD "hammered_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ADD "seller_signed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ADD "buyer_signed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ADD "seller_user_id" integer`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ADD "buyer_user_id" integer`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ADD "lot_id" integer`);
    await queryRunner.query(
      `ALTER TABLE "sales_contracts" ADD CONSTRAINT "UQ_5f48c43b6114efeaf788c30ad8d" UNIQUE ("lot_id")`,
    );
    await queryRunner.query(`ALTER TABLE "sales_contracts" ALTER COLUMN "seller_signature" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ALTER COLUMN "buyer_signature" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "ix_auction_horses_seller_user_id" ON "auction_horses"  ("seller_user_id")`);
    await queryRunner.query(`CREATE INDEX "ix_auction_horses_buyer_user_id" ON "auction_horses"  ("buyer_user_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_auction_horses_status_closes_at" ON "auction_horses"  ("status", "closes_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_auction_horses_sale_id_lot_no" ON "auction_horses"  ("sale_id", "lot_no")`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_sales_contracts_seller_user_id" ON "sales_contracts"  ("seller_user_id")`,
    );
    await queryRunner.query(`CREATE INDEX "ix_sales_contracts_buyer_user_id" ON "sales_contracts"  ("buyer_user_id")`);
    await queryRunner.query(
      `ALTER TABLE "auction_horses" ADD CONSTRAINT "ck_auction_horses_reserve" CHECK (reserve_cents IS NULL OR reserve_cents >= starting_bid_cents)`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_horses" ADD CONSTRAINT "ck_auction_horses_status" CHECK (status IN ('open', 'sold', 'rna', 'no_bids'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_horses" ADD CONSTRAINT "FK_88a6fa7cfdd799912a61ffb8450" FOREIGN KEY ("sale_id") REFERENCES "auction_sales"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_horses" ADD CONSTRAINT "FK_5b9023644335fda9a72602be8f1" FOREIGN KEY ("seller_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_bids" ADD CONSTRAINT "FK_6fcfd52390a96c728e3e73b805b" FOREIGN KEY ("lot_id") REFERENCES "auction_horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_bids" ADD CONSTRAINT "FK_75c68d495190d125217b0a43234" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_sale_invites" ADD CONSTRAINT "FK_4912cd189998c9b78efbb58b071" FOREIGN KEY ("sale_id") REFERENCES "auction_sales"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "auction_sale_invites" ADD CONSTRAINT "FK_550b94d3381bc9dca82dfaf88ac" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "sales_contracts" ADD CONSTRAINT "FK_5f48c43b6114efeaf788c30ad8d" FOREIGN KEY ("lot_id") REFERENCES "auction_horses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP CONSTRAINT "FK_5f48c43b6114efeaf788c30ad8d"`);
    await queryRunner.query(`ALTER TABLE "auction_sale_invites" DROP CONSTRAINT "FK_550b94d3381bc9dca82dfaf88ac"`);
    await queryRunner.query(`ALTER TABLE "auction_sale_invites" DROP CONSTRAINT "FK_4912cd189998c9b78efbb58b071"`);
    await queryRunner.query(`ALTER TABLE "auction_bids" DROP CONSTRAINT "FK_75c68d495190d125217b0a43234"`);
    await queryRunner.query(`ALTER TABLE "auction_bids" DROP CONSTRAINT "FK_6fcfd52390a96c728e3e73b805b"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP CONSTRAINT "FK_5b9023644335fda9a72602be8f1"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP CONSTRAINT "FK_88a6fa7cfdd799912a61ffb8450"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP CONSTRAINT "ck_auction_horses_status"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP CONSTRAINT "ck_auction_horses_reserve"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sales_contracts_buyer_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_sales_contracts_seller_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_horses_sale_id_lot_no"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_horses_status_closes_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_horses_buyer_user_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_horses_seller_user_id"`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ALTER COLUMN "buyer_signature" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" ALTER COLUMN "seller_signature" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP CONSTRAINT "UQ_5f48c43b6114efeaf788c30ad8d"`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP COLUMN "lot_id"`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP COLUMN "buyer_user_id"`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP COLUMN "seller_user_id"`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP COLUMN "buyer_signed_at"`);
    await queryRunner.query(`ALTER TABLE "sales_contracts" DROP COLUMN "seller_signed_at"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "hammered_at"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "buyer_user_id"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "hammer_price_cents"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "extensions"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "bids_count"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "leader_max_cents"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "leader_user_id"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "price_cents"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "closes_at"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "reserve_cents"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "seller_user_id"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "lot_no"`);
    await queryRunner.query(`ALTER TABLE "auction_horses" DROP COLUMN "sale_id"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_sale_invites_user_id"`);
    await queryRunner.query(`DROP TABLE "auction_sale_invites"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_bids_lot_id_id"`);
    await queryRunner.query(`DROP INDEX "public"."ux_auction_bids_user_key"`);
    await queryRunner.query(`DROP TABLE "auction_bids"`);
    await queryRunner.query(`DROP INDEX "public"."ix_auction_sales_opens_at"`);
    await queryRunner.query(`DROP TABLE "auction_sales"`);
  }
}
