import { CSRF_COOKIE, CSRF_HEADER, type MeResponse } from '@furlong/contracts';
import type { DataSource } from 'typeorm';

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * One browser's worth of API calls: keeps the cookies the server sets (session, CSRF, pass
 * waiter) and echoes the CSRF token on state-changing requests, as the web client does.
 */
export class ApiSession {
  readonly cookies = new Map<string, string>();
  /** Every JSON body this session has received (to scan for things that must never appear). */
  readonly bodies: string[] = [];

  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string> } = {},
  ): Promise<ApiAnswer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && method !== 'HEAD' && options.csrf !== false) {
      if (!this.cookies.has(CSRF_COOKIE)) await this.request('GET', '/api/auth/csrf');
      headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    }
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
    }
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) this.keep(line);
    const text = await res.text();
    this.bodies.push(text);
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
  }

  get<T = unknown>(path: string) {
    return this.request<T>('GET', path);
  }

  async signUp(username: string, email: string, password: string): Promise<MeResponse> {
    const res = await this.request<MeResponse>('POST', '/api/auth/register', { username, email, password });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async logIn(email: string, password: string): Promise<MeResponse> {
    const res = await this.request<MeResponse>('POST', '/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  private keep(setCookie: string): void {
    const [pair, ...attributes] = setCookie.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0) return;
    const name = pair.slice(0, eq).trim();
    const value = decodeURIComponent(pair.slice(eq + 1).trim());
    const expired = attributes.some((a) => {
      const [k, v] = a.trim().split('=');
      return (
        (k?.toLowerCase() === 'expires' && v && Date.parse(v) < Date.now()) ||
        (k?.toLowerCase() === 'max-age' && Number(v) <= 0)
      );
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** The password of every account {@link signedUpAs} makes. */
export const MEMBER_PASSWORD = 'a member password';

/**
 * A new account `name` signed up through the API (`{name}@furlong.test`), logged in; with
 * `operator`, made one in the database and logged in again, so its session carries the role.
 */
export async function signedUpAs(
  baseUrl: string,
  db: DataSource,
  name: string,
  role: 'user' | 'operator' = 'user',
): Promise<{ session: ApiSession; me: MeResponse; email: string }> {
  const session = new ApiSession(baseUrl);
  const email = `${name}@furlong.test`;
  const me = await session.signUp(name, email, MEMBER_PASSWORD);
  if (role === 'operator') {
    await db.query(`UPDATE users SET role = 'operator' WHERE id = $1`, [me.id]);
    await session.logIn(email, MEMBER_PASSWORD);
  }
  return { session, me, email };
}

/**
 * Each call as a visitor (401), a member (403) and an operator (403): what every admin endpoint
 * answers everyone but an admin. The two accounts are new, `{tag}member` and `{tag}operator`.
 */
export async function expectAdminsOnly(
  baseUrl: string,
  db: DataSource,
  tag: string,
  calls: readonly [method: string, path: string, body: unknown][],
): Promise<void> {
  const visitor = new ApiSession(baseUrl);
  const plain = (await signedUpAs(baseUrl, db, `${tag}member`)).session;
  const operator = (await signedUpAs(baseUrl, db, `${tag}operator`, 'operator')).session;
  for (const [method, path, body] of calls) {
    expect([method, path, (await visitor.request(method, path, body)).status]).toEqual([method, path, 401]);
    expect([method, path, (await plain.request(method, path, body)).status]).toEqual([method, path, 403]);
    expect([method, path, (await operator.request(method, path, body)).status]).toEqual([method, path, 403]);
  }
}
