import { apiFetch } from '../../../lib/api-client';
import type { OpenApiParameter } from './openapi';

/** A request the explorer will not send, with why (a missing path value, a bad body, a path outside /api). */
export class TryRefused extends Error {}

/** The form's value of a parameter, by `in:name`. */
export const parameterKey = (p: Pick<OpenApiParameter, 'in' | 'name'>) => `${p.in}:${p.name}`;

/**
 * The URL an operation is sent to: path values filled in (encoded), query values added (an array
 * parameter's comma-separated value repeated), and only ever a same-origin path under /api/.
 */
export function requestUrl(path: string, parameters: OpenApiParameter[], values: Record<string, string>): string {
  let filled = path;
  for (const p of parameters.filter((q) => q.in === 'path')) {
    const value = (values[parameterKey(p)] ?? '').trim();
    if (!value) throw new TryRefused(`Fill in the path parameter ${p.name}.`);
    filled = filled.replaceAll(`{${p.name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const p of parameters.filter((q) => q.in === 'query')) {
    const value = (values[parameterKey(p)] ?? '').trim();
    if (!value) continue;
    const many = p.schema?.type === 'array' ? value.split(',').map((v) => v.trim()) : [value];
    for (const v of many) if (v) query.append(p.name, v);
  }
  const qs = query.toString();
  const url = new URL(`${filled}${qs ? `?${qs}` : ''}`, globalThis.location.origin);
  if (url.origin !== globalThis.location.origin || !url.pathname.startsWith('/api/')) {
    throw new TryRefused('Only paths under /api/ are sent.');
  }
  return `${url.pathname}${url.search}`;
}

export interface TryResult {
  url: string;
  status: number;
  statusText: string;
  ms: number;
  contentType: string;
  /** The body, pretty-printed when it is JSON. */
  body: string;
}

/**
 * Sends one operation as the web client sends its own calls (apiFetch: the session cookie, and the
 * CSRF header on a state-changing method) and reports the answer whatever its status.
 */
export async function tryOperation(input: {
  method: string;
  path: string;
  parameters: OpenApiParameter[];
  values: Record<string, string>;
  body?: string;
}): Promise<TryResult> {
  const url = requestUrl(input.path, input.parameters, input.values);
  const headers: Record<string, string> = {};
  for (const p of input.parameters.filter((q) => q.in === 'header')) {
    const value = (input.values[parameterKey(p)] ?? '').trim();
    if (value) headers[p.name] = value;
  }
  let body: string | undefined;
  if (input.body !== undefined && input.body.trim() !== '') {
    try {
      body = JSON.stringify(JSON.parse(input.body));
    } catch {
      throw new TryRefused('The body is not valid JSON.');
    }
  }
  const started = performance.now();
  const res = await apiFetch(input.method, url, headers, body);
  const text = await res.text();
  const ms = Math.round(performance.now() - started);
  return {
    url,
    status: res.status,
    statusText: res.statusText,
    ms,
    contentType: res.headers.get('content-type') ?? '',
    body: prettyBody(text),
  };
}

function prettyBody(text: string): string {
  if (!text) return '(empty body)';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
