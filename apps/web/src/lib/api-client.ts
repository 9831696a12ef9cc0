import type { ApiErrorResponse } from '@furlong/contracts';

/** An answer from the API that was not 2xx, with the server's message and field problems. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { field: string; reason: string }[] = [],
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
    const body = (await res.json().catch(() => null)) as ApiErrorResponse | null;
    throw new ApiError(res.status, body?.message ?? `${res.status} ${res.statusText}`, body?.errors ?? []);
  }
  return (await res.json()) as T;
}
