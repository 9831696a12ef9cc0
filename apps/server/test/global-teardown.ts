import { dropDatabase, dropSeededTemplates, SEEDED_TEMPLATES_ENV } from './support/test-database';

export default async function globalTeardown(): Promise<void> {
  const name = process.env.FURLONG_TEST_DB_NAME;
  if (name) await dropDatabase(name);
  const templates = process.env[SEEDED_TEMPLATES_ENV];
  if (templates) await dropSeededTemplates(templates);
}
