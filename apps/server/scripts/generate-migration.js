// Writes a migration with the SQL that brings the committed migrations up to the entities.
// Usage (after a build): node apps/server/scripts/generate-migration.js <Name>
// Needs the machine's PostgreSQL (PG_ADMIN_URL, default postgres://postgres@127.0.0.1:5432/test).
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { createDataSource } = require('../dist/database/data-source');

async function main() {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) throw new Error('usage: generate-migration.js <PascalCaseName>');
  const admin = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const db = `furlong_migrate_${process.pid}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${db}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${db}`;
    const ds = createDataSource({ url: url.toString(), poolSize: 2 });
    await ds.initialize();
    await ds.runMigrations();
    const sql = await ds.driver.createSchemaBuilder().log();
    await ds.destroy();
    if (sql.upQueries.length === 0) {
      console.log('No changes: the migrations match the entities.');
      return;
    }
    const ts = Date.now();
    const esc = (q) => q.query.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
    // Some statements carry parameters (TypeORM's own metadata rows for generated columns): keep them.
    const call = (q) =>
      `    await queryRunner.query(\`${esc(q)}\`${q.parameters?.length ? `, ${JSON.stringify(q.parameters)}` : ''});`;
    const up = sql.upQueries.map(call).join('\n');
    const down = sql.downQueries.reverse().map(call).join('\n');
    const file = join(__dirname, '..', 'src', 'database', 'migrations', `${ts}-${name}.ts`);
    writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${name}${ts} implements MigrationInterface {
  name = '${name}${ts}';

  async up(queryRunner: QueryRunner): Promise<void> {
${up}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${down}
  }
}
`,
    );
    console.log(`Wrote ${file}; add it to migrations/index.ts.`);
  } finally {
    await client.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await client.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
