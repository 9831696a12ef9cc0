import { createDatabase, migrateAndSeed, SEEDED_TEMPLATES_ENV, uniqueName } from './support/test-database';

// One migrated, fully seeded database shared read-only by the medium tests of this run; and the
// prefix of the run's seeded templates, from which the suites' own seeded databases are copied.
export default async function globalSetup(): Promise<void> {
  const name = uniqueName('furlong_test');
  const url = await createDatabase(name);
  process.env.FURLONG_TEST_DB_NAME = name;
  process.env.FURLONG_TEST_DB_URL = url;
  await migrateAndSeed(url, { seed: 1 });
  process.env[SEEDED_TEMPLATES_ENV] = uniqueName('furlong_seeded');
}
