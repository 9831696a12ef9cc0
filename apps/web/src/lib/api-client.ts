import { type ApiErrorResponse, CSRF_COOKIE, CSRF_HEADER } from '@furlong/contracts';

/** An answer from the API that was not 2xx, with the server's message and field problems. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { field: string; reason: string }[] = [],
    /** The server's machine-readable cause, e.g. `session_expired`, `csrf`, `throttled`. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];

/** Builds `path?query`, skipping empty values and repeating arrays (`name=a&name=b`). */
export function apiPath(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** GETs JSON from the API; a non-2xx answer throws ApiError with the server's message. */
export async function getJson<T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal): Promise<T> {
  let res: Response;
  try {
    res = await fetch(apiPath(path, query), { signal, headers: { accept: 'application/json' } });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'The server did not answer. Check your connection and try again.');
  }
  if (!res.ok) {
    throw await toApiError(res);
  }
  return (await res.json()) as T;
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as ApiErrorResponse | null;
  const error = new ApiError(
    res.status,
    body?.message ?? `${res.status} ${res.statusText}`,
    body?.errors ?? [],
    body?.reason,
  );
  if (res.status === 401) for (const listener of unauthorizedListeners) listener(error);
  return error;
}

const unauthorizedListeners = new Set<(error: ApiError) => void>();

/** Called with every 401 the API answers (the session store listens, to notice a session that ended). */
export function onUnauthorized(listener: (error: ApiError) => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The CSRF token the server keeps in a readable cookie (see the accounts API). */
function csrfToken(): string {
  const cookie = globalThis.document?.cookie ?? '';
  const pair = cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(CSRF_COOKIE.length + 1)) : '';
}

/**
 * POST/PUT/PATCH/DELETE JSON with the CSRF header; a non-2xx answer throws ApiError. A 403 for a
 * stale CSRF token is retried once (the refusal itself carries a fresh cookie).
 */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retry safe. */
  headers: Record<string, string> = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    let res: Response;
    try {
      res = await fetch(`/api${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
          [CSRF_HEADER]: csrfToken(),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'The server did not answer. Check your connection and try again.');
    }
    if (res.ok) {
      const text = await res.text();
      return (text ? JSON.parse(text) : undefined) as T;
    }
    const error = await toApiError(res);
    if (error.status === 403 && error.reason === 'csrf' && attempt === 0) continue;
    throw error;
  }
}
