import { type FieldProblem, InvalidRequestException } from './api-error';
import { type HttpReply, type HttpRequest, requestPath, sendJson } from './http';

/** Why PostgreSQL could not store this string as sent, or undefined when it can. */
export function unstorableReason(text: string): string | undefined {
  // PostgreSQL's text types cannot hold U+0000 at all.
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  // A lone UTF-16 surrogate has no UTF-8 form: the driver would store U+FFFD instead of what was sent.
  if (!text.isWellFormed()) return 'must be well-formed Unicode (no lone surrogate)';
  return undefined;
}

const MAX_PROBLEMS = 20;
const MAX_DEPTH = 32;

/**
 * Every string of a value (keys too), each with the path a 400 names it by: `email`,
 * `bets[0].bet_type`, `selections[1]`. Stops at MAX_PROBLEMS.
 */
export function findUnstorableText(value: unknown, path = '', problems: FieldProblem[] = []): FieldProblem[] {
  walk(value, path, problems, 0);
  return problems;
}

function walk(value: unknown, path: string, problems: FieldProblem[], depth: number): void {
  if (problems.length >= MAX_PROBLEMS || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    const reason = unstorableReason(value);
    if (reason) problems.push({ field: path || 'body', reason });
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`, problems, depth + 1);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    const keyReason = unstorableReason(key);
    const name = keyReason ? JSON.stringify(key).slice(1, -1) : key;
    const field = path ? `${path}.${name}` : name;
    if (keyReason) problems.push({ field, reason: `field name ${keyReason}` });
    walk(item, field, problems, depth + 1);
  }
}

/**
 * A Fastify hook (preValidation: after the body is parsed, before guards and handlers): a request
 * whose path, query or JSON body holds a string PostgreSQL cannot store is one 400 naming each
 * such field, before any handler runs (`done` is called only when it lets the request through).
 */
export function rejectUnstorableText(req: HttpRequest, res: HttpReply, done: () => void): void {
  const problems: FieldProblem[] = [];
  const pathReason = unstorableReason(decodedPath(requestPath(req)));
  if (pathReason) problems.push({ field: 'path', reason: pathReason });
  findUnstorableText(req.query, '', problems);
  if (req.body !== undefined) findUnstorableText(req.body, '', problems);
  if (problems.length === 0) {
    done();
    return;
  }
  // Answered here, in the body every 400 has.
  sendJson(res, 400, new InvalidRequestException(problems).getResponse());
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape is the router's to answer (400); only a decoded NUL matters here.
    return path;
  }
}
