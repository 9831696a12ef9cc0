import 'reflect-metadata';
import { createApp } from './bootstrap';
import { createRootLogger } from './common/logger';
import { ConfigError, loadConfig } from './config/app-config';
import { EmbeddedPostgres } from './database/embedded-postgres';
import { seedNewEmbeddedDatabase } from './database/seed/first-seed';
import { Draining } from './health/draining';
import { StartingPage } from './health/starting-page';
import { RaceRunner } from './racing/race-runner.service';
import { SocketHandoff } from './realtime/socket-handoff';

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
  // On the embedded start a browser at the address meets a "starting" page while the database is
  // seeded (the first start) and opened, instead of nothing listening.
  const embedded = !config.database.url;
  const starting = embedded ? await StartingPage.listen(config.port, config.host) : undefined;
  if (starting) logger.info(`Furlong is starting (until it is up, ${starting.url} shows a page that says so)`);
  await seedNewEmbeddedDatabase(config, logger);
  if (embedded) EmbeddedPostgres.useBaselineCompilerOnly();
  const app = await createApp(config, { logger });
  // A stop signal drains, then closes: health answers 503 `draining` for SHUTDOWN_DRAIN_SECONDS while
  // requests are still served (a load balancer takes the instance out of rotation). Then, with Redis
  // (other instances to go to), it hands the races it runs back (another instance resumes each from
  // its seed within a second, and keeps feeding this instance's viewers through the Redis adapter)
  // and sends its live connections away SHUTDOWN_SOCKETS_PER_SECOND a second, so that its viewers
  // reach the others spread out rather than all at once. Then the close: the sockets left, the
  // requests and jobs in flight, the database; and it exits 0. All of it after the drain is bounded:
  // past SHUTDOWN_TIMEOUT_SECONDS the process exits 1 anyway (kill -9 is covered by the race
  // leases). A second signal exits at once.
  let closing = false;
  const { drainMs, timeoutMs, socketsPerSecond } = config.shutdown;
  const shutDown = async (signal: NodeJS.Signals) => {
    logger.info(`${signal} received: draining for ${drainMs / 1000} s, then closing (at most ${timeoutMs / 1000} s)`);
    app.get(Draining).start();
    await new Promise((resolve) => setTimeout(resolve, drainMs));
    const bound = setTimeout(() => {
      logger.error(`shutdown still not done after ${timeoutMs / 1000} s: exiting anyway`);
      process.exit(1);
    }, timeoutMs);
    bound.unref();
    if (config.redis.url) {
      await app.get(RaceRunner).stop();
      // At most half the bound: the close that follows has the rest.
      const handOff = new AbortController();
      const stopSending = setTimeout(() => handOff.abort(), timeoutMs / 2);
      const sent = await app.get(SocketHandoff).sendAway(socketsPerSecond, handOff.signal);
      clearTimeout(stopSending);
      logger.info(`races handed back; ${sent} live connections sent to the other instances`);
    }
    await app.close();
    logger.info('closed');
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        logger.warn(`${signal} received again: exiting now`);
        process.exit(1);
      }
      closing = true;
      shutDown(signal).then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await starting?.close();
  // Fastify takes the backlog among its listen options.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const url = await app.getUrl();
  logger.info(`Furlong is up at ${url.replace('127.0.0.1', 'localhost')} (API docs at /api/docs)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
