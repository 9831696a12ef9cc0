import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 20, forms that reach someone: contact and submit messages, the mail outbox, the quote's client address. */
export class FormsOutbox1795600170000 implements MigrationInterface {
  name = 'FormsOutbox1795600170000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_messages" ("id" SERIAL NOT NULL, "kind" text NOT NULL, "name" text NOT NULL, "email" text NOT NULL, "subject" text NOT NULL, "message" text NOT NULL, "client_ip" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_contact_messages_kind" CHECK (kind IN ('contact', 'program', 'race', 'bug', 'feedback')), CONSTRAINT "PK_b74f96eb2edd977ccfba6533293" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_messages_client_ip_created_at" ON "contact_messages"  ("client_ip", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_contact_messages_email_created_at" ON "contact_messages"  ("email", "created_at") `,
    );
    await queryRunner.query(
      `CREATE TABLE "outbox_mails" ("id" SERIAL NOT NULL, "to_address" text NOT NULL, "reply_to" text, "subject" text NOT NULL, "body_text" text NOT NULL, "purpose" text NOT NULL, "source_kind" text NOT NULL, "source_id" integer NOT NULL, "status" text NOT NULL DEFAULT 'queued', "attempts" integer NOT NULL DEFAULT '0', "next_attempt_at" TIMESTAMP WITH TIME ZONE, "last_attempt_at" TIMESTAMP WITH TIME ZONE, "last_error" text, "sent_at" TIMESTAMP WITH TIME ZONE, "message_id" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_outbox_mails_attempts" CHECK (attempts >= 0), CONSTRAINT "ck_outbox_mails_source_kind" CHECK (source_kind IN ('insurance_quote', 'contact', 'program', 'race', 'bug', 'feedback')), CONSTRAINT "ck_outbox_mails_purpose" CHECK (purpose IN ('office', 'confirmation')), CONSTRAINT "ck_outbox_mails_status" CHECK (status IN ('queued', 'sent', 'failed')), CONSTRAINT "PK_b29f3864833e0d790528753c19c" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_outbox_mails_created_at" ON "outbox_mails"  ("created_at", "id") `);
    await queryRunner.query(
      `CREATE INDEX "ix_outbox_mails_due" ON "outbox_mails"  ("next_attempt_at", "id") WHERE status = 'queued'`,
    );
    await queryRunner.query(`ALTER TABLE "insurance_quote_requests" ADD "client_ip" text`);
    await queryRunner.query(
      `CREATE INDEX "ix_insurance_quote_requests_client_ip_created_at" ON "insurance_quote_requests"  ("client_ip", "created_at") `,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_insurance_quote_requests_email_created_at" ON "insurance_quote_requests"  ("email", "created_at") `,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."ix_insurance_quote_requests_email_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_insurance_quote_requests_client_ip_created_at"`);
    await queryRunner.query(`ALTER TABLE "insurance_quote_requests" DROP COLUMN "client_ip"`);
    await queryRunner.query(`DROP INDEX "public"."ix_outbox_mails_due"`);
    await queryRunner.query(`DROP INDEX "public"."ix_outbox_mails_created_at"`);
    await queryRunner.query(`DROP TABLE "outbox_mails"`);
    await queryRunner.query(`DROP INDEX "public"."ix_contact_messages_email_created_at"`);
    await queryRunner.query(`DROP INDEX "public"."ix_contact_messages_client_ip_created_at"`);
    await queryRunner.query(`DROP TABLE "contact_messages"`);
  }
}
