import { CryptoRandomness } from '../common/randomness';
import { loadConfig } from '../config/app-config';
import { CsrfTokens } from './csrf-tokens';
import { sha256, tokenHash } from './secrets';

describe('CsrfTokens', () => {
  const tokens = new CsrfTokens(
    loadConfig({ AUTH_SECRET: 'a-test-secret-a-test-secret-a-test' }),
    new CryptoRandomness(),
  );
  const session = tokens.bindingFor('session-token-1');
  const other = tokens.bindingFor('session-token-2');

  it('should accept a token only for the binding it was issued for, however often it is checked', () => {
    const token = tokens.issue(session);
    // The second check of a good pair is answered from memory: it must answer the same.
    expect(tokens.verify(token, session)).toBe(true);
    expect(tokens.verify(token, session)).toBe(true);
    expect(tokens.verify(token, other)).toBe(false);
    expect(tokens.verify(token, 'anon')).toBe(false);
  });

  it('should refuse a token whose signature or nonce was changed, even after the good one was checked', () => {
    const token = tokens.issue(session);
    expect(tokens.verify(token, session)).toBe(true);
    const [nonce, signature] = token.split('.') as [string, string];
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(tokens.verify(`${nonce}.${flipped}`, session)).toBe(false);
    expect(tokens.verify(`${nonce}x.${signature}`, session)).toBe(false);
    expect(tokens.verify(signature, session)).toBe(false);
  });

  it('should bind to the hash of the session token, the same as the session lookup uses', () => {
    expect(session).toBe(sha256('session-token-1'));
    expect(tokenHash('session-token-1')).toBe(sha256('session-token-1'));
    expect(tokens.bindingFor(undefined)).toBe('anon');
  });
});
