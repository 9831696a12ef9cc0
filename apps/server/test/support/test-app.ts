import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DestinationStream } from 'pino';
import { createApp } from '../../src/bootstrap';
import { createRootLogger } from '../../src/common/logger';
import { loadConfig } from '../../src/config/app-config';

export interface TestApp {
  app: NestFastifyApplication;
  baseUrl: string;
  get<T = unknown>(path: string): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a free loopback port with the given environment. Live racing is off
 * unless the environment turns it on: other suites read a shared database that races would write to.
 */
export async function startTestApp(
  env: Record<string, string | undefined>,
  options: { log?: DestinationStream } = {},
): Promise<TestApp> {
  const config = loadConfig({
    SEED_ON_START: 'false',
    LOG_LEVEL: 'error',
    RACING_ENABLED: 'false',
    // No simulated scratches unless a test asks for them.
    RACING_SCRATCH_RATE: '0',
    // Fair odds from a few hundred runs, not thousands: every race a test opens gets them.
    FAIR_ODDS_RUNS: '200',
    // No house auction sales unless a test asks for them (a test makes the sales it bids in).
    AUCTION_HOUSE_SALES: 'false',
    // No free boards unless a test makes them.
    FREE_BOARDS: 'false',
    ...env,
    HOST: '127.0.0.1',
    PORT: '0',
  });
  // A test that reads the log passes where it goes; the log level is then the environment's.
  const logger = options.log ? createRootLogger(config, options.log) : createRootLogger({ logLevel: 'error' });
  const app = await createApp(config, { logger });
  await app.listen(0, '127.0.0.1');
  const baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    baseUrl,
    async get<T>(path: string) {
      const res = await fetch(`${baseUrl}${path}`);
      return { status: res.status, body: (await res.json()) as T };
    },
    close: () => app.close(),
  };
}
