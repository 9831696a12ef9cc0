import { Client } from 'pg';

/** The machine's PostgreSQL; each run works in a database of its own, dropped after. */
export const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ??
  process.env.BENCH_DATABASE_ADMIN_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

async function admin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a fresh database named after `prefix` and this process; resolves to its URL and a drop function. */
export async function scratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
