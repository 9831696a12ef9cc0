import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { SystemClock } from '../common/clock';
import { ConfigError, loadConfig } from '../config/app-config';
import { DatabaseConnection } from '../database/database-connection';
import { SeedService } from '../database/seed/seed.service';

const USAGE = `Usage: npm run seed -- [--seed N] [--date YYYY-MM-DD] [--if-empty]
  Replaces all data with the deterministic catalog for seed N (default: SEED, else 1).
  --date      last day of the generated race history (default: SEED_BASE_DATE, else 2026-11-01)
  --if-empty  only seed when the database has no catalog yet; keep existing data
Uses DATABASE_URL when set, otherwise the embedded database under DATA_DIR (default ./data).`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      date: { type: 'string' },
      'if-empty': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig({
    ...process.env,
    ...(values.seed !== undefined ? { SEED: values.seed } : {}),
    ...(values.date !== undefined ? { SEED_BASE_DATE: values.date } : {}),
  });
  const connection = await DatabaseConnection.open(config);
  try {
    await connection.withStartupLock(async () => {
      await connection.migrate();
      const seeder = new SeedService(config, connection, new SystemClock());
      const where = connection.isEmbedded ? `embedded database in ${config.database.dataDir}` : 'DATABASE_URL';
      if (values['if-empty'] && !(await seeder.isEmpty())) {
        console.log(`The ${where} already holds a catalog; nothing to do.`);
        return;
      }
      await seeder.truncateAll();
      const report = await seeder.seed(config.seed.value, config.seed.baseDate);
      console.log(
        `Seeded the ${where} with seed ${config.seed.value} (history to ${config.seed.baseDate}): ` +
          `generated in ${report.generateMs} ms, written in ${report.writeMs} ms.`,
      );
      for (const [table, count] of Object.entries(report.rows)) console.log(`  ${table.padEnd(24)} ${count}`);
    });
  } finally {
    await connection.close();
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`${err.message}\n\n${USAGE}`);
  else console.error(err);
  process.exit(1);
});
