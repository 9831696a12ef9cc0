import type { FastifyReply, FastifyRequest } from 'fastify';

/** A request as the handlers, guards and hooks see it (Nest on Fastify). */
export type HttpRequest = FastifyRequest;
/** A response as the handlers, guards and hooks see it (Nest on Fastify). */
export type HttpReply = FastifyReply;

/** The request's path, without its query string, as sent (not decoded). */
export function requestPath(req: { url: string }): string {
  const q = req.url.indexOf('?');
  return q < 0 ? req.url : req.url.slice(0, q);
}

/** A request header as one string (the first of a repeated one), or undefined. */
export function headerOf(req: { headers: Record<string, string | string[] | undefined> }, name: string) {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Whether the request came over https (X-Forwarded-Proto from a trusted proxy counts). */
export function isSecure(req: HttpRequest): boolean {
  return req.protocol === 'https';
}

/** Whether the request's body is a urlencoded form (the media type, whatever its parameters). */
export function isUrlencoded(req: HttpRequest): boolean {
  const type = headerOf(req, 'content-type');
  return type !== undefined && type.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

export interface CookieOptions {
  path?: string;
  sameSite?: 'lax' | 'strict';
  secure?: boolean;
  httpOnly?: boolean;
  /** Milliseconds, as Express took it: sent as Max-Age (seconds) and Expires. */
  maxAge?: number;
  expires?: Date;
}

/**
 * A Set-Cookie value as Express's res.cookie wrote it (the `cookie` package's order: Max-Age, Path,
 * Expires, HttpOnly, Secure, SameSite), the value URI-encoded.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  let out = `${name}=${encodeURIComponent(value)}`;
  let expires = options.expires;
  if (options.maxAge !== undefined) {
    expires = new Date(Date.now() + options.maxAge);
    out += `; Max-Age=${Math.floor(options.maxAge / 1000)}`;
  }
  out += `; Path=${options.path ?? '/'}`;
  if (expires) out += `; Expires=${expires.toUTCString()}`;
  if (options.httpOnly) out += '; HttpOnly';
  if (options.secure) out += '; Secure';
  if (options.sameSite) out += `; SameSite=${options.sameSite === 'strict' ? 'Strict' : 'Lax'}`;
  return out;
}

/** Adds a Set-Cookie header (Fastify keeps every one set). */
export function setCookie(reply: HttpReply, name: string, value: string, options: CookieOptions): void {
  reply.header('set-cookie', serializeCookie(name, value, options));
}

/** Clears a cookie as Express 5's res.clearCookie did: empty, expired at the epoch's first millisecond. */
export function clearCookie(reply: HttpReply, name: string, options: CookieOptions): void {
  const { maxAge: _maxAge, ...rest } = options;
  setCookie(reply, name, '', { ...rest, expires: new Date(1) });
}

/** Whether the reply has gone out already (sent through Fastify, or its headers written to the socket). */
export function headersSent(reply: HttpReply): boolean {
  return reply.sent || reply.raw.headersSent;
}

/** Answers with a status and a JSON body. */
export function sendJson(reply: HttpReply, status: number, body: unknown): void {
  reply.code(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
}
