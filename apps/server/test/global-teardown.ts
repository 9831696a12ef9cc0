import { dropDatabase } from './support/test-database';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.FURLONG_TEST_DB_NAME;
  if (name) await dropDatabase(name);
}
