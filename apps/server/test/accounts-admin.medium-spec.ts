import type { MeResponse } from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const OPERATOR_PASSWORD = 'the operator password';

// ADMIN_EMAIL / ADMIN_PASSWORD at start: create, promote only the rightful owner, or refuse to start.
describe('Admin from the environment', () => {
  const dbName = uniqueName('furlong_admin');
  let url: string;
  const running: NestFastifyApplication[] = [];

  async function start(env: Record<string, string> = {}): Promise<{ app: NestFastifyApplication; baseUrl: string }> {
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

  async function roleOf(app: NestFastifyApplication, email: string): Promise<string | undefined> {
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

// The operator role (issue 14): admins give and take it; the user's open sessions see it at once.
describe('Roles set by an admin', () => {
  const dbName = uniqueName('furlong_roles');
  const admin = { email: 'roles-admin@furlong.test', password: 'roles admin password' };
  let sut: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    sut = await startTestApp({
      DATABASE_URL: await createMigratedDatabase(dbName),
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    baseUrl = sut.baseUrl;
  });

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should make a member an operator and back, seen by their open session at once', async () => {
    const steward = new ApiSession(baseUrl);
    const stewardMe = await steward.logIn(admin.email, admin.password);
    const member = new ApiSession(baseUrl);
    const me = await member.signUp('shift-lead', 'shift-lead@furlong.test', 'shift lead password');
    expect(me.role).toBe('user');

    const promoted = await steward.request<{ role: string; id: number }>('PUT', `/api/admin/users/${me.id}/role`, {
      role: 'operator',
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: me.id, role: 'operator' });
    expect((await member.get<MeResponse>('/api/me')).body.role).toBe('operator');

    // An operator is not an admin: the admin's endpoints stay closed.
    expect((await member.request('PUT', `/api/admin/users/${stewardMe.id}/role`, { role: 'user' })).status).toBe(403);
    expect((await member.get('/api/admin/users')).status).toBe(403);

    expect((await steward.request('PUT', `/api/admin/users/${me.id}/role`, { role: 'user' })).status).toBe(200);
    expect((await member.get<MeResponse>('/api/me')).body.role).toBe('user');
  });

  it('should refuse a bad role, an unknown user, your own account and a visitor', async () => {
    const steward = new ApiSession(baseUrl);
    const stewardMe = await steward.logIn(admin.email, admin.password);
    const member = await new ApiSession(baseUrl).signUp('bystander', 'bystander@furlong.test', 'bystander password');

    const bad = await steward.request<{ errors: { field: string }[] }>('PUT', `/api/admin/users/${member.id}/role`, {
      role: 'steward',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field)).toEqual(['role']);
    expect((await steward.request('PUT', '/api/admin/users/999999/role', { role: 'operator' })).status).toBe(404);
    const own = await steward.request<{ errors: { field: string }[] }>('PUT', `/api/admin/users/${stewardMe.id}/role`, {
      role: 'user',
    });
    expect(own.status).toBe(400);
    expect(own.body.errors.map((e) => e.field)).toEqual(['id']);
    expect(
      (await new ApiSession(baseUrl).request('PUT', `/api/admin/users/${member.id}/role`, { role: 'operator' })).status,
    ).toBe(401);
  });
});
