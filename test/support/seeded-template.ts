import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { dropScratchDatabase, renameDatabase, SEEDED_TEMPLATE_ENV, seedingNameOf, seedingTemplate } from './postgres';
import { REPO_ROOT } from './server-process';

let seeding: { child: ChildProcess; done: Promise<void> } | undefined;

/**
 * Jest global setup of the browser suites: one database migrated and seeded as a server seeds an
 * empty one at start (the built seed CLI, default seed and date), made once per run so that each
 * suite's database is a copy of it (CREATE DATABASE … TEMPLATE, about a second) instead of a
 * server seeding its own (10–20 s each, nineteen times). The seeding runs beside the first tests:
 * it writes under a working name and the database takes the name the suites wait for when it is
 * complete (seededDatabase waits for it). When the seeding fails the working database is dropped,
 * so that every suite fails at once instead of waiting for it.
 */
export default async function createSeededTemplate(): Promise<void> {
  const { working, done: name, url } = await seedingTemplate();
  process.env[SEEDED_TEMPLATE_ENV] = name;
  const output: string[] = [];
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/server/dist/cli/seed.js'), '--if-empty'], {
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: url, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => output.push(String(chunk)));
  const done = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      const renamed =
        code === 0
          ? renameDatabase(working, name)
          : Promise.reject(new Error(`the seed CLI exited with ${code}:\n${output.join('')}`));
      renamed
        .catch(async (err: Error) => {
          console.error(`The browser suites' seeded template was not made: ${err.message}`);
          await dropScratchDatabase(working);
        })
        .catch(() => undefined)
        .finally(resolve);
    });
  });
  seeding = { child, done };
}

/** Jest global teardown: stops a seeding still under way and drops the run's template (named in the env). */
export async function dropSeededTemplate(): Promise<void> {
  if (seeding?.child.exitCode === null) seeding.child.kill('SIGTERM');
  await seeding?.done;
  const template = process.env[SEEDED_TEMPLATE_ENV];
  if (template === undefined) return;
  for (const name of [seedingNameOf(template), template]) await dropScratchDatabase(name);
}
