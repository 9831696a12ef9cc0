import 'reflect-metadata';
import { createApp } from './bootstrap';
import { createRootLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/app-config';

/**
 * The listening socket's queue of connections not yet accepted. Node's default, 511, overflows when
 * thousands of viewers connect at once (a reconnect after a deploy, a big race going off): the
 * kernel drops their SYNs and each retries a second, then 3, then 7 seconds later. The kernel caps
 * it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createRootLogger(config);
  const app = await createApp(config, { logger });
  // Close cleanly on a stop signal: finish requests, stop jobs, close the database, exit 0.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      logger.info(`${signal} received, shutting down`);
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  // Nest passes the arguments after the port through to Node's server.listen(port, host, backlog).
  const listen = app.listen.bind(app) as unknown as (port: number, host: string, backlog: number) => Promise<unknown>;
  await listen(config.port, config.host, LISTEN_BACKLOG);
  const url = await app.getUrl();
  logger.info(`Furlong is up at ${url.replace('127.0.0.1', 'localhost')} (API docs at /api/docs)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
