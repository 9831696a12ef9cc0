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

/**
 * Creates a fresh database named after `prefix` and this process (a copy of `template` when given);
 * resolves to its name, its URL and a drop function.
 */
export async function scratchDatabase(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropScratchDatabase(name) };
}

export async function dropScratchDatabase(name: string): Promise<void> {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Where the run's seeded template is named (set by the browser project's global setup). */
export const SEEDED_TEMPLATE_ENV = 'FURLONG_SEEDED_TEMPLATE';
const SEEDED = 'furlong_seeded_template';
const SEEDING = 'furlong_seeding_template';

/** The name a run's template is made under, until it is complete and takes `template`. */
export function seedingNameOf(template: string): string {
  return template.replace(SEEDED, SEEDING);
}

/** A new, empty database to seed into (`working`), and the name it takes when complete (`done`). */
export async function seedingTemplate(): Promise<{ working: string; done: string; url: string }> {
  const building = await scratchDatabase(SEEDING);
  return { working: building.name, done: building.name.replace(SEEDING, SEEDED), url: building.url };
}

/**
 * A database that holds the seeded catalog: a copy of the run's seeded template when there is one
 * (the browser project's global setup makes it; waited for while it is being made), else an empty
 * one the server seeds at start. Fails at once when the template is neither made nor being made.
 */
export async function seededDatabase(prefix: string, waitMs = 240_000): ReturnType<typeof scratchDatabase> {
  const template = process.env[SEEDED_TEMPLATE_ENV];
  if (template === undefined) return scratchDatabase(prefix);
  const working = seedingNameOf(template);
  for (const until = Date.now() + waitMs; ; ) {
    const { rows } = await admin((c) =>
      c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname IN ($1, $2)', [working, template]),
    );
    if (rows.some((r) => r.datname === template)) return scratchDatabase(prefix, template);
    if (rows.length === 0) {
      throw new Error(
        `the seeded template ${template} was not made: the run's output says why (search "seeded template")`,
      );
    }
    if (Date.now() > until) throw new Error(`the seeded template ${template} was not ready in ${waitMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function renameDatabase(from: string, to: string): Promise<void> {
  await admin((c) => c.query(`ALTER DATABASE "${from}" RENAME TO "${to}"`));
}
