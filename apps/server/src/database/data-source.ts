import { Client, type ClientConfig, types } from 'pg';
import { DataSource } from 'typeorm';
import { allowPreparedStatements } from '../common/prepared-query';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { QueryErrorLogger } from './query-logger';

// int8 and numeric arrive as strings by default; our values (cents, distances) fit a JS number.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));
types.setTypeParser(types.builtins.NUMERIC, (value) => Number(value));
// A DATE is a calendar day, not an instant: keep 'YYYY-MM-DD' rather than a shifted Date.
types.setTypeParser(types.builtins.DATE, (value) => value);

/**
 * A pg client that always has an 'error' listener. With its backends terminated under load, a
 * client emitted the server's FATAL (57P01) at a moment when neither TypeORM (which listens only
 * while it holds the client) nor the pool (only while idle) was listening, and an 'error' event
 * nobody hears is thrown. The query that was running fails anyway and the pool replaces the client.
 */
class ListenedClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }
}

export interface DataSourceOptions {
  url: string;
  poolSize: number;
  /** Log every SQL statement (debugging only). */
  logging?: boolean;
  /**
   * Hot-path statements as named prepared statements with generic plans (see preparedQuery). Not on
   * PGlite: its one session outlives the pool's connections, so a reconnecting client would find
   * its statement names taken.
   */
  preparedStatements?: boolean;
}

/** A TypeORM data source for our schema; migrations are committed and never synchronised. */
export function createDataSource(options: DataSourceOptions): DataSource {
  const dataSource = new DataSource({
    type: 'postgres',
    url: options.url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    // gen_random_uuid() is built into PostgreSQL 13+; no extension to install.
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    // Every statement to the console when debugging; otherwise failures only, parameters left out.
    ...(options.logging
      ? { logging: 'all' as const }
      : { logging: ['error' as const], logger: new QueryErrorLogger() }),
    extra: {
      Client: ListenedClient,
      max: options.poolSize,
      connectionTimeoutMillis: 10_000,
      // Only named (prepared) statements use the plan cache, and ours are point lookups and small
      // writes: plan them once per connection rather than on every call.
      ...(options.preparedStatements ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
    },
  });
  if (options.preparedStatements) allowPreparedStatements(dataSource);
  return dataSource;
}
