import { createDatabase, migrateAndSeed, uniqueName } from './support/test-database';

// One migrated, fully seeded database shared read-only by the medium tests of this run.
export default async function globalSetup(): Promise<void> {
  const name = uniqueName('furlong_test');
  const url = await createDatabase(name);
  process.env.FURLONG_TEST_DB_NAME = name;
  process.env.FURLONG_TEST_DB_URL = url;
  await migrateAndSeed(url, { seed: 1 });
}
