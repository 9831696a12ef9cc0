import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, custom fields instead of raw columns: an admin's field is a row of custom_fields
 * (metadata) and its values rows of custom_field_values, which go with their field. The running
 * application never issues DDL.
 */
export class CustomFields1795600250000 implements MigrationInterface {
  name = 'CustomFields1795600250000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "custom_fields" ("id" SERIAL NOT NULL, "table_name" text NOT NULL, "name" text NOT NULL, "label" text NOT NULL, "type" text NOT NULL, "options" jsonb, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_by" integer, CONSTRAINT "ux_custom_fields_table_name" UNIQUE ("table_name", "name"), CONSTRAINT "ck_custom_fields_type" CHECK (type IN ('text', 'integer', 'decimal', 'boolean', 'date', 'one_of')), CONSTRAINT "pk_custom_fields" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "custom_field_values" ("field_id" integer NOT NULL, "row_id" bigint NOT NULL, "value" jsonb NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_by" integer, CONSTRAINT "pk_custom_field_values" PRIMARY KEY ("field_id", "row_id"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "custom_field_values" ADD CONSTRAINT "fk_custom_field_values_field" FOREIGN KEY ("field_id") REFERENCES "custom_fields"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "custom_field_values" DROP CONSTRAINT "fk_custom_field_values_field"`);
    await queryRunner.query(`DROP TABLE "custom_field_values"`);
    await queryRunner.query(`DROP TABLE "custom_fields"`);
  }
}
