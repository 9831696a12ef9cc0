import 'reflect-metadata';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Logger } from '@nestjs/common';
import type { Logger as Pino } from 'pino';
import { SystemClock } from '../../common/clock';
import { createRootLogger, PinoNestLogger } from '../../common/logger';
import { type AppConfig, loadConfig } from '../../config/app-config';
import { DatabaseConnection } from '../database-connection';
import { EmbeddedPostgres } from '../embedded-postgres';
import { SeedService } from './seed.service';

/**
 * A new user's first `npm start` finds no embedded database. Seeded in the server's own process, it
 * left the server ~120 MB larger for good (bench:idle --fresh: 370–389 MB against 252–257 MB on every
 * later start): PGlite's WebAssembly memory grows to take the seed's bulk writes and never shrinks.
 * So a new embedded database is created, migrated and seeded by a short-lived child process (this
 * file run as a script), whose memory all goes back when it exits; the server then opens a seeded
 * database, as on every later start. The child logs through the same logger into the server's
 * output, its lines marked with its process and pid. With DATABASE_URL, SEED_ON_START=false or an
 * existing data directory nothing happens here (a database left empty by an interrupted first start
 * is still seeded by SeedService, in the server).
 */
export async function seedNewEmbeddedDatabase(
  config: Pick<AppConfig, 'database' | 'seed'>,
  logger: Pino,
): Promise<void> {
  if (config.database.url || !config.seed.onStart || EmbeddedPostgres.existsIn(config.database.dataDir)) return;
  logger.info({ context: 'Seed' }, 'New embedded database: creating and seeding it in a child process');
  const child = fork(__filename, [], { stdio: 'inherit' });
  // The exit code and signal; once() rejects if the child could not be started ('error').
  const [code, signal]: unknown[] = await once(child, 'exit');
  if (code !== 0) {
    throw new Error(
      `Seeding the new embedded database failed (its process ended with ${signal ?? `exit code ${code}`})`,
    );
  }
}

/** The child: the server's configuration from the same environment; migrate, seed, close. */
async function seedAsChild(): Promise<void> {
  const config = loadConfig();
  // Its lines say whose they are: the server's own carry no pid.
  Logger.overrideLogger(
    new PinoNestLogger(createRootLogger(config).child({ process: 'first-seed', pid: process.pid })),
  );
  const connection = await DatabaseConnection.open(config);
  try {
    await connection.migrateOnStart();
    await new SeedService(config, connection, new SystemClock()).seedOnStart();
  } finally {
    await connection.close();
  }
}

if (require.main === module) {
  seedAsChild().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
