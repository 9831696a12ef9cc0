import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, administration: the audit log (append-only: a trigger refuses UPDATE and DELETE of its
 * rows, whoever asks — the application never does either) and the users an admin disabled or
 * deleted (soft: their bets and ledger stay).
 */
export class AdminAudit1795600240000 implements MigrationInterface {
  name = 'AdminAudit1795600240000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_log" ("id" BIGSERIAL NOT NULL, "at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "actor_user_id" integer, "actor_username" text NOT NULL, "ip" text NOT NULL, "request_id" text NOT NULL, "action" text NOT NULL, "table_name" text NOT NULL, "row_id" text NOT NULL, "before" jsonb, "after" jsonb, "result" text NOT NULL, "reason" text, CONSTRAINT "ck_audit_log_result" CHECK (result IN ('ok', 'refused')), CONSTRAINT "pk_audit_log" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_audit_log_actor_user_id" ON "audit_log"  ("actor_user_id") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_log_table_row" ON "audit_log"  ("table_name", "row_id") `);
    await queryRunner.query(`CREATE INDEX "ix_audit_log_at" ON "audit_log"  ("at", "id") `);
    await queryRunner.query(
      `CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
       FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
    );
    await queryRunner.query(`ALTER TABLE "users" ADD "disabled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "disabled_at"`);
    await queryRunner.query(`DROP TRIGGER audit_log_append_only ON "audit_log"`);
    await queryRunner.query(`DROP FUNCTION audit_log_append_only()`);
    await queryRunner.query(`DROP TABLE "audit_log"`);
  }
}
