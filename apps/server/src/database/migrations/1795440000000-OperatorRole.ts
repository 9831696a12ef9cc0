import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The operator role (issue 14): reads the operations pages, retries and promotes failed jobs. */
export class OperatorRole1795440000000 implements MigrationInterface {
  name = 'OperatorRole1795440000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "ck_users_role"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "ck_users_role" CHECK (role IN ('user', 'operator', 'admin'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "users" SET "role" = 'user' WHERE "role" = 'operator'`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "ck_users_role"`);
    await queryRunner.query(`ALTER TABLE "users" ADD CONSTRAINT "ck_users_role" CHECK (role IN ('user', 'admin'))`);
  }
}
