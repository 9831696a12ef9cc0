import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { parse as parseQueryString } from 'qs';
import { headerOf } from './http';

/** The largest body read (Express's body-parser default, 100 kB; Fastify's own is 1 MB). */
export const BODY_LIMIT = 100 * 1024;

/** A body error shaped as body-parser's (http-errors: status, expose, type), which Nest maps to an HttpException. */
function bodyError(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

/** The body's text in the charset its Content-Type names (UTF-8 when none), or a 415 as body-parser gave. */
function bodyText(req: FastifyRequest, body: Buffer): string {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(headerOf(req, 'content-type') ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return body.toString('utf8');
  if (!charset.startsWith('utf-'))
    throw bodyError(415, `unsupported charset "${charset.toUpperCase()}"`, 'charset.unsupported');
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    throw bodyError(415, `unsupported charset "${charset.toUpperCase()}"`, 'charset.unsupported');
  }
}

const FIRST_CHAR = /^[ \t\n\r]*([^ \t\n\r])/;

/**
 * JSON as Express's body-parser read it (strict): an empty body is `{}`, anything but an object or
 * an array at the top is malformed, and malformed JSON is a 400 of type entity.parse.failed.
 */
export function parseJsonBody(req: FastifyRequest, body: Buffer): unknown {
  const text = bodyText(req, body);
  if (text.length === 0) return {};
  const first = FIRST_CHAR.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw bodyError(400, 'malformed JSON', 'entity.parse.failed');
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError(400, 'malformed JSON', 'entity.parse.failed');
  }
}

const PARAMETER_LIMIT = 1000;

/** A urlencoded form as body-parser's `extended: true` read it (qs: nested keys, at most 1,000 parameters). */
export function parseFormBody(req: FastifyRequest, body: Buffer): unknown {
  const text = bodyText(req, body);
  if (text.length === 0) return {};
  let count = 0;
  let index = -1;
  do {
    count++;
    if (count > PARAMETER_LIMIT) throw bodyError(413, 'too many parameters', 'parameters.too.many');
    index = text.indexOf('&', index + 1);
  } while (index !== -1);
  try {
    return parseQueryString(text, {
      allowPrototypes: true,
      arrayLimit: Math.max(100, count),
      depth: 32,
      parameterLimit: PARAMETER_LIMIT,
      strictDepth: true,
    });
  } catch (err) {
    if (err instanceof RangeError) throw bodyError(400, 'The input exceeded the depth', 'querystring.parse.rangeError');
    throw err;
  }
}

/**
 * The body parsers, as under Express: JSON and urlencoded forms up to BODY_LIMIT, and any other
 * content type left unread (no body, as Express left it) rather than refused with a 415.
 */
export function useBodyParsers(app: NestFastifyApplication): void {
  app.useBodyParser('application/json', { bodyLimit: BODY_LIMIT }, async (req: FastifyRequest, body: Buffer) =>
    parseJsonBody(req, body),
  );
  app.useBodyParser(
    'application/x-www-form-urlencoded',
    { bodyLimit: BODY_LIMIT },
    async (req: FastifyRequest, body: Buffer) => parseFormBody(req, body),
  );
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}
