import { type ApiErrorResponse, AUTH_REASONS, CSRF_COOKIE, CSRF_HEADER } from '@furlong/contracts';

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
export function csrfToken(): string {
  const cookie = globalThis.document?.cookie ?? '';
  const pair = cookie.split('; ').find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return pair ? decodeURIComponent(pair.slice(CSRF_COOKIE.length + 1)) : '';
}

/** The methods that change state: they carry the CSRF header. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * One request to the API as this client sends every request: JSON accepted, the CSRF header on a
 * state-changing method, and a 403 for a stale CSRF token retried once (the refusal itself carries a
 * fresh cookie). Answers the Response whatever its status; throws only when the network fails.
 */
export async function apiFetch(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Response> {
  const upper = method.toUpperCase();
  for (let attempt = 0; ; attempt += 1) {
    const res = await fetch(url, {
      method: upper,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
        ...(STATE_CHANGING.has(upper) ? { [CSRF_HEADER]: csrfToken() } : {}),
      },
      body,
    });
    if (res.status !== 403 || attempt > 0 || !STATE_CHANGING.has(upper)) return res;
    const refusal = (await res
      .clone()
      .json()
      .catch(() => null)) as ApiErrorResponse | null;
    if (refusal?.reason !== AUTH_REASONS.csrf) return res;
  }
}

/** POST/PUT/PATCH/DELETE JSON with the CSRF header (see apiFetch); a non-2xx answer throws ApiError. */
export async function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retry safe. */
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await apiFetch(method, `/api${path}`, headers, body === undefined ? undefined : JSON.stringify(body));
  } catch {
    throw new ApiError(0, 'The server did not answer. Check your connection and try again.');
  }
  if (res.ok) {
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  throw await toApiError(res);
}
