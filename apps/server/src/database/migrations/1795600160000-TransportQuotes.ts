import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 19, the sale company: members' transport quote requests with the price quoted. */
export class TransportQuotes1795600160000 implements MigrationInterface {
  name = 'TransportQuotes1795600160000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "transport_quote_requests" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "from_place" text NOT NULL, "to_place" text NOT NULL, "distance_km" integer NOT NULL, "horses" smallint NOT NULL, "service" text NOT NULL, "travel_date" date NOT NULL, "attendant" boolean NOT NULL DEFAULT false, "insurance" boolean NOT NULL DEFAULT false, "horse_name" text, "notes" text, "quote_cents" integer NOT NULL, "quote_lines" jsonb NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_transport_quote_requests_quote" CHECK (quote_cents >= 0), CONSTRAINT "ck_transport_quote_requests_service" CHECK (service IN ('van_shared', 'van_private', 'air')), CONSTRAINT "ck_transport_quote_requests_distance" CHECK (distance_km BETWEEN 1 AND 5000), CONSTRAINT "ck_transport_quote_requests_horses" CHECK (horses BETWEEN 1 AND 10), CONSTRAINT "PK_0fc43aaf5bd1494cac2c5208b4a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "ix_transport_quote_requests_user_id_created_at" ON "transport_quote_requests"  ("user_id", "created_at") `,
    );
    await queryRunner.query(
      `ALTER TABLE "transport_quote_requests" ADD CONSTRAINT "FK_ef5215fa42760cde9de600d7e85" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "transport_quote_requests" DROP CONSTRAINT "FK_ef5215fa42760cde9de600d7e85"`);
    await queryRunner.query(`DROP INDEX "public"."ix_transport_quote_requests_user_id_created_at"`);
    await queryRunner.query(`DROP TABLE "transport_quote_requests"`);
  }
}
