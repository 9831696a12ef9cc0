import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** SHA-256 hex of a secret we must recognise but never store (session ids, pass ids). */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** How many session tokens' hashes {@link tokenHash} remembers before it starts again. */
const TOKEN_HASHES_MAX = 10_000;
const tokenHashes = new Map<string, string>();

/**
 * {@link sha256} of a session token, remembered for the tokens seen lately: each request of a
 * session hashes its cookie twice (the CSRF binding, the session lookup), thousands of times a
 * second under betting load. Pure, so remembering changes nothing but the time.
 */
export function tokenHash(token: string): string {
  let hash = tokenHashes.get(token);
  if (hash === undefined) {
    if (tokenHashes.size >= TOKEN_HASHES_MAX) tokenHashes.clear();
    hash = sha256(token);
    tokenHashes.set(token, hash);
  }
  return hash;
}

export function hmac(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}|${value}`).digest('base64url');
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
