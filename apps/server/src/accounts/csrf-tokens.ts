import { Inject, Injectable } from '@nestjs/common';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hmac, safeEqual, tokenHash } from './secrets';

/** How many verified (token, binding) pairs are remembered before the memory starts again. */
const VERIFIED_MAX = 10_000;

/**
 * Signed double-submit CSRF tokens (OWASP): `{nonce}.{HMAC(secret, session binding, nonce)}`. The
 * page reads the token from its cookie and sends it back in a header; a cross-site page can do
 * neither, and a cookie planted by a sibling site fails the signature for this session.
 */
@Injectable()
export class CsrfTokens {
  private readonly verified = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Randomness) private readonly random: Randomness,
  ) {}

  /** What a token is bound to: the session cookie (hashed), or `anon` before login. */
  bindingFor(sessionToken: string | undefined): string {
    return sessionToken ? tokenHash(sessionToken) : 'anon';
  }

  issue(binding: string): string {
    const nonce = this.random.token(18);
    return `${nonce}.${hmac(this.config.accounts.secret, 'csrf', `${binding}|${nonce}`)}`;
  }

  /**
   * Whether the token was signed for this binding. A pair found good is remembered (the signature
   * is a pure function of the secret, the binding and the nonce), so a session's every request
   * does not compute the HMAC again; a bad pair is computed each time.
   */
  verify(token: string, binding: string): boolean {
    const pair = `${binding}|${token}`;
    if (this.verified.has(pair)) return true;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const nonce = token.slice(0, dot);
    const good = safeEqual(token.slice(dot + 1), hmac(this.config.accounts.secret, 'csrf', `${binding}|${nonce}`));
    if (good) {
      if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
      this.verified.add(pair);
    }
    return good;
  }
}
