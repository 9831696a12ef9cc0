import { DEFAULT_USER_SETTINGS, type MeResponse, type UserSettings } from '@furlong/contracts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/router';
import { SESSION_QUERY_KEY } from '../src/lib/session';

let member: MeResponse | null = null;
let memberSettings: UserSettings = DEFAULT_USER_SETTINGS;

/** Renders the real app routes at `path`, with a fresh query cache that does not retry. */
export function renderRoute(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A member's session is known at once, as if GET /api/me had just answered.
  if (member) client.setQueryData(SESSION_QUERY_KEY, member);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, client };
}

/** A session as GET /api/me answers it. */
export function memberSession(username = 'Test member', overrides: Partial<MeResponse> = {}): MeResponse {
  const now = new Date().toISOString();
  return {
    id: 7,
    uuid: '00000000-0000-4000-8000-000000000007',
    username,
    email: `${username.toLowerCase().replace(/\W+/g, '.')}@furlong.test`,
    full_name: null,
    role: 'user',
    created_at: now,
    balance_cents: 100_000,
    session: {
      login_date: now,
      last_seen_at: now,
      expires_at: new Date(Date.now() + 1_200_000).toISOString(),
      idle_timeout_seconds: 1200,
    },
    ...overrides,
  };
}

/** Logs a member in before rendering a guarded page: the mocked GET /api/me answers with this account. */
export function asMember(username = 'Test member', overrides: Partial<MeResponse> = {}): MeResponse {
  member = memberSession(username, overrides);
  return member;
}

/** The logged-in member's saved settings, as the mocked GET /api/me/settings answers them. */
export function withSettings(settings: Partial<UserSettings>): UserSettings {
  memberSettings = { ...DEFAULT_USER_SETTINGS, ...settings };
  return memberSettings;
}

/** Back to a logged-out browser (after each test). */
export function resetMember(): void {
  member = null;
  memberSettings = DEFAULT_USER_SETTINGS;
}

type Handler = (url: URL, init?: RequestInit) => unknown;

/**
 * Replaces fetch with answers by path prefix (longest match wins): a handler returns the JSON body,
 * or a Response for anything else. Every requested URL is recorded in `calls`, except GET
 * /api/me, which answers from `asMember` (or 401), and GET /api/me/settings, which the layout asks
 * for a member and answers from `withSettings` (the defaults), unless a handler for it is given.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: URL[] = [];
  const prefixes = Object.keys(handlers).sort((a, b) => b.length - a.length);
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/me' && !handlers['/api/me']) {
      return member
        ? new Response(JSON.stringify(member), { status: 200 })
        : new Response(JSON.stringify({ statusCode: 401, message: 'Please log in.', reason: 'not_logged_in' }), {
            status: 401,
          });
    }
    if (url.pathname === '/api/me/settings' && !handlers['/api/me/settings'] && (init?.method ?? 'GET') === 'GET') {
      // Asked only while the client holds a session (one from asMember, or a login the test made).
      return new Response(JSON.stringify(memberSettings), { status: 200 });
    }
    calls.push(url);
    const prefix = prefixes.find((p) => url.pathname.startsWith(p));
    if (!prefix) return new Response(JSON.stringify({ statusCode: 404, message: 'no mock' }), { status: 404 });
    const body = (handlers[prefix] as Handler)(url, init);
    return body instanceof Response ? body : new Response(JSON.stringify(body), { status: 200 });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}
