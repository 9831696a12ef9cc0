import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1795415608636 implements MigrationInterface {
  name = 'Accounts1795415608636';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "auth_throttle" ("key" text NOT NULL, "count" integer NOT NULL, "window_started_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_4c7fca5065c568fa2bae24a1d26" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "wallet_accounts" ("id" SERIAL NOT NULL, "kind" text NOT NULL, "user_id" integer, "code" text, "balance_cents" bigint NOT NULL DEFAULT '0', "overdraft_allowed" boolean NOT NULL DEFAULT false, CONSTRAINT "ck_wallet_accounts_balance" CHECK (overdraft_allowed OR balance_cents >= 0), CONSTRAINT "ck_wallet_accounts_user_no_overdraft" CHECK (kind = 'system' OR NOT overdraft_allowed), CONSTRAINT "ck_wallet_accounts_owner" CHECK ((kind = 'user') = (user_id IS NOT NULL) AND (kind = 'system') = (code IS NOT NULL)), CONSTRAINT "ck_wallet_accounts_kind" CHECK (kind IN ('user', 'system')), CONSTRAINT "PK_7d29a782bf4203c2ed2b613353d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_wallet_accounts_user_id" ON "wallet_accounts"  ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_wallet_accounts_code" ON "wallet_accounts"  ("code") `);
    await queryRunner.query(
      `CREATE TABLE "ledger_transfers" ("id" BIGSERIAL NOT NULL, "from_account_id" integer NOT NULL, "to_account_id" integer NOT NULL, "amount_cents" bigint NOT NULL, "reason" text NOT NULL, "reference" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_ledger_transfers_accounts" CHECK (from_account_id <> to_account_id), CONSTRAINT "ck_ledger_transfers_amount" CHECK (amount_cents > 0), CONSTRAINT "PK_0ff1f1a56cb76536e5ef5ad5809" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_ledger_transfers_reference" ON "ledger_transfers"  ("reason", "reference") `,
    );
    await queryRunner.query(
      `CREATE TABLE "ledger_entries" ("id" BIGSERIAL NOT NULL, "transfer_id" bigint NOT NULL, "account_id" integer NOT NULL, "amount_cents" bigint NOT NULL, "balance_after_cents" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_ledger_entries_amount" CHECK (amount_cents <> 0), CONSTRAINT "PK_6efcb84411d3f08b08450ae75d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_ledger_entries_transfer_id" ON "ledger_entries"  ("transfer_id") `);
    await queryRunner.query(`CREATE INDEX "ix_ledger_entries_account" ON "ledger_entries"  ("account_id", "id") `);
    await queryRunner.query(
      `CREATE TABLE "login_link_redemptions" ("nonce" text NOT NULL, "user_id" integer NOT NULL, "redeemed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_75e58e63a03cb033993df03539a" PRIMARY KEY ("nonce"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "login_passes" ("id" BIGSERIAL NOT NULL, "pass_hash" text NOT NULL, "waiter_hash" text NOT NULL, "status" text NOT NULL DEFAULT 'pending', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "user_id" integer, "approved_at" TIMESTAMP WITH TIME ZONE, "consumed_at" TIMESTAMP WITH TIME ZONE, "requester_ip" text, "requester_user_agent" text, CONSTRAINT "ck_login_passes_status" CHECK (status IN ('pending', 'approved', 'denied', 'consumed')), CONSTRAINT "PK_7cf1891533f8ba72a81d1af4454" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_login_passes_pass_hash" ON "login_passes"  ("pass_hash") `);
    await queryRunner.query(`CREATE INDEX "ix_login_passes_expires_at" ON "login_passes"  ("expires_at") `);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "logout_reason" text`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "user_agent" text`);
    await queryRunner.query(`ALTER TABLE "sessions" ADD "ip" text`);
    await queryRunner.query(
      `ALTER TABLE "sessions" ADD CONSTRAINT "ck_sessions_logout_reason" CHECK (logout_reason IN ('logout', 'idle', 'max_age', 'revoked'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "wallet_accounts" ADD CONSTRAINT "FK_2fd289edcdb11bce54a50b191bc" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ledger_transfers" ADD CONSTRAINT "FK_6707ab8faed6796d484aa8c43b6" FOREIGN KEY ("from_account_id") REFERENCES "wallet_accounts"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ledger_transfers" ADD CONSTRAINT "FK_52ae0793b29529eedcd1c1a03fa" FOREIGN KEY ("to_account_id") REFERENCES "wallet_accounts"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ledger_entries" ADD CONSTRAINT "FK_4c4e51a18457825d953ecc80a86" FOREIGN KEY ("transfer_id") REFERENCES "ledger_transfers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "ledger_entries" ADD CONSTRAINT "FK_e4440167e470be69f9622c1ceab" FOREIGN KEY ("account_id") REFERENCES "wallet_accounts"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "login_passes" ADD CONSTRAINT "FK_71ceea07d4c0766c8604248efde" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // The house: the one account allowed below zero, which funds every play-money credit.
    await queryRunner.query(
      `INSERT INTO "wallet_accounts" ("kind", "code", "balance_cents", "overdraft_allowed") VALUES ('system', 'house', 0, true)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_passes" DROP CONSTRAINT "FK_71ceea07d4c0766c8604248efde"`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP CONSTRAINT "FK_e4440167e470be69f9622c1ceab"`);
    await queryRunner.query(`ALTER TABLE "ledger_entries" DROP CONSTRAINT "FK_4c4e51a18457825d953ecc80a86"`);
    await queryRunner.query(`ALTER TABLE "ledger_transfers" DROP CONSTRAINT "FK_52ae0793b29529eedcd1c1a03fa"`);
    await queryRunner.query(`ALTER TABLE "ledger_transfers" DROP CONSTRAINT "FK_6707ab8faed6796d484aa8c43b6"`);
    await queryRunner.query(`ALTER TABLE "wallet_accounts" DROP CONSTRAINT "FK_2fd289edcdb11bce54a50b191bc"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP CONSTRAINT "ck_sessions_logout_reason"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "ip"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "user_agent"`);
    await queryRunner.query(`ALTER TABLE "sessions" DROP COLUMN "logout_reason"`);
    await queryRunner.query(`DROP INDEX "public"."ix_login_passes_expires_at"`);
    await queryRunner.query(`DROP INDEX "public"."ux_login_passes_pass_hash"`);
    await queryRunner.query(`DROP TABLE "login_passes"`);
    await queryRunner.query(`DROP TABLE "login_link_redemptions"`);
    await queryRunner.query(`DROP INDEX "public"."ix_ledger_entries_account"`);
    await queryRunner.query(`DROP INDEX "public"."ix_ledger_entries_transfer_id"`);
    await queryRunner.query(`DROP TABLE "ledger_entries"`);
    await queryRunner.query(`DROP INDEX "public"."ix_ledger_transfers_reference"`);
    await queryRunner.query(`DROP TABLE "ledger_transfers"`);
    await queryRunner.query(`DROP INDEX "public"."ux_wallet_accounts_code"`);
    await queryRunner.query(`DROP INDEX "public"."ux_wallet_accounts_user_id"`);
    await queryRunner.query(`DROP TABLE "wallet_accounts"`);
    await queryRunner.query(`DROP TABLE "auth_throttle"`);
  }
}
