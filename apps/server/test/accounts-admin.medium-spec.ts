import type { MeResponse } from '@furlong/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { ApiSession } from './support/api-session';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const OPERATOR_PASSWORD = 'the operator password';

// ADMIN_EMAIL / ADMIN_PASSWORD at start: create, promote only the rightful owner, or refuse to start.
describe('Admin from the environment', () => {
  const dbName = uniqueName('furlong_admin');
  let url: string;
  const running: NestExpressApplication[] = [];

  async function start(env: Record<string, string> = {}): Promise<{ app: NestExpressApplication; baseUrl: string }> {
    const config = loadConfig({
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      RACING_ENABLED: 'false',
      LOG_LEVEL: 'error',
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      ...env,
    });
    const app = await createApp(config, { logger: createRootLogger({ logLevel: 'fatal' }) });
    running.push(app);
    await app.listen(0, '127.0.0.1');
    return { app, baseUrl: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
  }

  const adminEnv = (email: string) => ({ ADMIN_EMAIL: email, ADMIN_PASSWORD: OPERATOR_PASSWORD });

  async function stopAll(): Promise<void> {
    for (const app of running.splice(0)) await app.close();
  }

  /** Signs up an ordinary account through the API of a server started without an admin. */
  async function signUp(username: string, email: string, password: string): Promise<void> {
    const { baseUrl } = await start();
    await new ApiSession(baseUrl).signUp(username, email, password);
    await stopAll();
  }

  async function roleOf(app: NestExpressApplication, email: string): Promise<string | undefined> {
    const rows: { role: string }[] = await app
      .get(DataSource)
      .query('SELECT role FROM users WHERE email = $1', [email]);
    return rows[0]?.role;
  }

  beforeAll(async () => {
    url = await createMigratedDatabase(dbName);
  });

  afterEach(stopAll);

  afterAll(async () => {
    await dropDatabase(dbName);
  });

  it('should create the admin with its wallet when no account has ADMIN_EMAIL yet', async () => {
    const { app, baseUrl } = await start(adminEnv('fresh.boss@furlong.test'));
    const me = await new ApiSession(baseUrl).logIn('fresh.boss@furlong.test', OPERATOR_PASSWORD);
    expect(me).toMatchObject<Partial<MeResponse>>({ role: 'admin', balance_cents: 100_000 });
    expect(await roleOf(app, 'fresh.boss@furlong.test')).toBe('admin');
  });

  it('should promote the existing account when its password is ADMIN_PASSWORD', async () => {
    await signUp('operator', 'operator@furlong.test', OPERATOR_PASSWORD);
    const { app, baseUrl } = await start(adminEnv('operator@furlong.test'));
    expect(await roleOf(app, 'operator@furlong.test')).toBe('admin');
    const me = await new ApiSession(baseUrl).logIn('operator@furlong.test', OPERATOR_PASSWORD);
    expect(me).toMatchObject<Partial<MeResponse>>({ role: 'admin', username: 'operator' });
  });

  it('should refuse to start, naming ADMIN_EMAIL, when someone else registered that e-mail with another password', async () => {
    await signUp('squatter', 'boss@furlong.test', 'the squatter password');
    await expect(start(adminEnv('boss@furlong.test'))).rejects.toThrow(
      /ADMIN_EMAIL boss@furlong\.test belongs to an existing account whose password is not ADMIN_PASSWORD/,
    );
    // Nothing changed: the squatter is still an ordinary user and the operator's password does not log in.
    const { app, baseUrl } = await start();
    expect(await roleOf(app, 'boss@furlong.test')).toBe('user');
    const tried = await new ApiSession(baseUrl).request('POST', '/api/auth/login', {
      email: 'boss@furlong.test',
      password: OPERATOR_PASSWORD,
    });
    expect(tried.status).toBe(401);
  });

  it('should start and keep an existing admin as it is when its password has changed since', async () => {
    await start(adminEnv('keeper@furlong.test'));
    await stopAll();
    const { baseUrl } = await start();
    const admin = new ApiSession(baseUrl);
    await admin.logIn('keeper@furlong.test', OPERATOR_PASSWORD);
    const changed = await admin.request('POST', '/api/me/password', {
      current_password: OPERATOR_PASSWORD,
      new_password: 'a password changed later',
    });
    expect(changed.status).toBe(204);
    await stopAll();
    const { app } = await start(adminEnv('keeper@furlong.test'));
    expect(await roleOf(app, 'keeper@furlong.test')).toBe('admin');
  });
});
