import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The server's helmet options: Swagger UI at /api/docs needs inline styles; scripts stay same-origin only. */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'] },
  },
};

/**
 * The response headers helmet sets for these options, worked out once by running its middleware
 * against a recording response. With static options (no nonces, no functions as directives) helmet
 * sets the same headers on every response; `@fastify/helmet` built the middleware again for every
 * request, parsing the CSP each time (~25 µs a request under `npm run bench:bets`).
 */
export function helmetHeaders(options: HelmetOptions): Map<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let passed = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    passed = true;
  });
  if (!passed) throw new Error('helmet did not pass the recording response on');
  return headers;
}

/** helmet's headers for the server's options, worked out when the module loads. */
export const SECURITY_HEADERS: ReadonlyMap<string, string> = helmetHeaders(HELMET_OPTIONS);

/** Sets the security headers on a raw response (a reply Fastify answers before its hooks run, too). */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.raw.setHeaders(SECURITY_HEADERS as Map<string, string>);
}

/**
 * Every response carries helmet's headers, set on the raw response when the request arrives (as
 * `@fastify/helmet` did), so replies written by plugins and static files carry them too.
 */
export function useSecurityHeaders(server: FastifyInstance): void {
  server.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply);
    done();
  });
}
