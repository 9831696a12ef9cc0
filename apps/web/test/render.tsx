import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/router';
import { useSessionStore } from '../src/lib/session';

/** Renders the real app routes at `path`, with a fresh query cache that does not retry. */
export function renderRoute(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

/** Signs in the stand-in session before rendering a guarded page. */
export function asMember(username = 'Test member') {
  useSessionStore.getState().signIn({ username });
}

type Handler = (url: URL) => unknown;

/**
 * Replaces fetch with answers by path prefix (longest match wins): a handler returns the JSON body,
 * or a Response for anything else. Every requested URL is recorded in `calls`.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: URL[] = [];
  const prefixes = Object.keys(handlers).sort((a, b) => b.length - a.length);
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const prefix = prefixes.find((p) => url.pathname.startsWith(p));
    if (!prefix) return new Response(JSON.stringify({ statusCode: 404, message: 'no mock' }), { status: 404 });
    const body = (handlers[prefix] as Handler)(url);
    return body instanceof Response ? body : new Response(JSON.stringify(body), { status: 200 });
  });
  globalThis.fetch = fetchMock as typeof fetch;
  return { calls, fetchMock };
}
