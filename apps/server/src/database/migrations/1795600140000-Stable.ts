import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18, the stable: users' horses (ability and condition), their entries in live races, the
 * owners' notices, the book of care and stud fees, breeding contracts; the owner that stands for a
 * user (owners.user_id); and the current race a created race was scheduled as.
 */
export class Stable1795600140000 implements MigrationInterface {
  name = 'Stable1795600140000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "stable_breedings" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "sire_id" integer NOT NULL, "dam_id" integer NOT NULL, "foal_name" text NOT NULL, "fee_cents" integer NOT NULL, "stud_owner_id" integer, "due_at" TIMESTAMP WITH TIME ZONE NOT NULL, "foal_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_620df771c8f3e5ff7427a3fe494" UNIQUE ("foal_name"), CONSTRAINT "ck_stable_breedings_fee" CHECK (fee_cents >= 0), CONSTRAINT "PK_eb11e10b3ffadada4251b5bba05" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_stable_breedings_user_id" ON "stable_breedings"  ("user_id")`);
    await queryRunner.query(`CREATE INDEX "ix_stable_breedings_due_at" ON "stable_breedings"  ("due_at")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_stable_breedings_dam_in_foal" ON "stable_breedings"  ("dam_id") WHERE foal_id IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "stable_care" ("id" SERIAL NOT NULL, "horse_id" integer NOT NULL, "user_id" integer NOT NULL, "kind" text NOT NULL, "detail" text NOT NULL, "amount_cents" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cb9a1822da22febaabc9ed9c4a6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_stable_care_horse_id" ON "stable_care"  ("horse_id")`);
    await queryRunner.query(`CREATE INDEX "ix_stable_care_user_id_id" ON "stable_care"  ("user_id", "id")`);
    await queryRunner.query(
      `CREATE TABLE "stable_entries" ("id" SERIAL NOT NULL, "horse_id" integer NOT NULL, "user_id" integer NOT NULL, "current_race_id" integer NOT NULL, "post_position" smallint NOT NULL, "fee_cents" integer NOT NULL, "active" boolean NOT NULL DEFAULT true, "finish_position" smallint, "purse_cents" bigint, "refunded_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_stable_entries_fee" CHECK (fee_cents >= 0), CONSTRAINT "PK_25fe1b6744aa42b8dfafea4ac8f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_stable_entries_user_id" ON "stable_entries"  ("user_id")`);
    await queryRunner.query(
      `CREATE INDEX "ix_stable_entries_current_race_id" ON "stable_entries"  ("current_race_id")`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "ux_stable_entries_active_horse" ON "stable_entries"  ("horse_id") WHERE active`,
    );
    await queryRunner.query(
      `CREATE TABLE "stable_horses" ("horse_id" integer NOT NULL, "user_id" integer NOT NULL, "ability_speed" double precision NOT NULL, "ability_stamina" double precision NOT NULL, "ability_early_speed" double precision NOT NULL, "speed_gain" double precision NOT NULL DEFAULT '0', "stamina_gain" double precision NOT NULL DEFAULT '0', "early_speed_gain" double precision NOT NULL DEFAULT '0', "fatigue" double precision NOT NULL, "fitness" double precision NOT NULL, "condition_at" TIMESTAMP WITH TIME ZONE NOT NULL, "shoe" text NOT NULL DEFAULT 'regular', "gear" text array NOT NULL DEFAULT '{}', "stud_fee_cents" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "ck_stable_horses_stud_fee" CHECK (stud_fee_cents IS NULL OR stud_fee_cents >= 0), CONSTRAINT "ck_stable_horses_condition" CHECK (fatigue BETWEEN 0 AND 100 AND fitness BETWEEN 0 AND 100), CONSTRAINT "PK_3a526690d44043bab334c185dc4" PRIMARY KEY ("horse_id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_stable_horses_user_id" ON "stable_horses"  ("user_id")`);
    await queryRunner.query(
      `CREATE TABLE "stable_notices" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "kind" text NOT NULL, "message" text NOT NULL, "current_race_id" integer, "dedupe_key" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_0ca8822b5ee7344667ff9f08b7c" UNIQUE ("dedupe_key"), CONSTRAINT "PK_0cc33e44d6e82a4f2e75e11b380" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "ix_stable_notices_user_id_id" ON "stable_notices"  ("user_id", "id")`);
    await queryRunner.query(`ALTER TABLE "owners" ADD "user_id" integer`);
    await queryRunner.query(`ALTER TABLE "created_races" ADD "scheduled_race_id" integer`);
    await queryRunner.query(`CREATE UNIQUE INDEX "ux_owners_user_id" ON "owners"  ("user_id")`);
    await queryRunner.query(
      `ALTER TABLE "stable_breedings" ADD CONSTRAINT "FK_68a8c88f5b90307143551fcf8c7" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_breedings" ADD CONSTRAINT "FK_b6df1b815cfc204679d03985581" FOREIGN KEY ("sire_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_breedings" ADD CONSTRAINT "FK_bf300dea09d8d51e67be786433e" FOREIGN KEY ("dam_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_breedings" ADD CONSTRAINT "FK_dcf1a75fcdb8b6eed5cf5e00329" FOREIGN KEY ("foal_id") REFERENCES "horses"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_care" ADD CONSTRAINT "FK_17f1ab74a3bddf87a40f7fb037c" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_care" ADD CONSTRAINT "FK_9496f8c25ddac6dd308e1254167" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_entries" ADD CONSTRAINT "FK_865544044959be1b8c079434c17" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_entries" ADD CONSTRAINT "FK_609913d34c2ee483f6268ecac2d" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_entries" ADD CONSTRAINT "FK_46b20ab2fbdc136a996c6d85cbb" FOREIGN KEY ("current_race_id") REFERENCES "current_races"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_horses" ADD CONSTRAINT "FK_3a526690d44043bab334c185dc4" FOREIGN KEY ("horse_id") REFERENCES "horses"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_horses" ADD CONSTRAINT "FK_cb15814a2bba2246e84bb27da1a" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "stable_notices" ADD CONSTRAINT "FK_b7e56c3f322a836fdcf52d28a23" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "ux_owners_user_id"');
    await queryRunner.query('ALTER TABLE "owners" DROP COLUMN "user_id"');
    await queryRunner.query('ALTER TABLE "created_races" DROP COLUMN "scheduled_race_id"');
    for (const table of ['stable_notices', 'stable_horses', 'stable_entries', 'stable_care', 'stable_breedings']) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
