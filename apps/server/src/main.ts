import 'reflect-metadata';
import { createApp } from './bootstrap';
import { createRootLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/app-config';

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
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  logger.info(`Furlong is up at ${url.replace('127.0.0.1', 'localhost')} (API docs at /api/docs)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
