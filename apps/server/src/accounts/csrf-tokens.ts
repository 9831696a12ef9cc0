import { Inject, Injectable } from '@nestjs/common';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { hmac, safeEqual, sha256 } from './secrets';

/**
 * Signed double-submit CSRF tokens (OWASP): `{nonce}.{HMAC(secret, session binding, nonce)}`. The
 * page reads the token from its cookie and sends it back in a header; a cross-site page can do
 * neither, and a cookie planted by a sibling site fails the signature for this session.
 */
@Injectable()
export class CsrfTokens {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Randomness) private readonly random: Randomness,
  ) {}

  /** What a token is bound to: the session cookie (hashed), or `anon` before login. */
  bindingFor(sessionToken: string | undefined): string {
    return sessionToken ? sha256(sessionToken) : 'anon';
  }

  issue(binding: string): string {
    const nonce = this.random.token(18);
    return `${nonce}.${hmac(this.config.accounts.secret, 'csrf', `${binding}|${nonce}`)}`;
  }

  verify(token: string, binding: string): boolean {
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const nonce = token.slice(0, dot);
    return safeEqual(token.slice(dot + 1), hmac(this.config.accounts.secret, 'csrf', `${binding}|${nonce}`));
  }
}
