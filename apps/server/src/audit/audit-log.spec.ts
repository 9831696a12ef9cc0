import { MASK, maskSecrets } from './audit-log';

describe('maskSecrets', () => {
  it('should mask every secret at any depth and keep the rest as it is', () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    expect(
      maskSecrets({
        id: 7,
        username: 'bea',
        password_hash: '$argon2id$…',
        csrf_token: 'abc',
        api_key: 'k',
        created_at: at,
        nested: { session_id: 12, role: 'user', list: [1, 2] },
        note: null,
      }),
    ).toEqual({
      id: 7,
      username: 'bea',
      password_hash: MASK,
      csrf_token: MASK,
      api_key: MASK,
      created_at: '2026-11-26T10:00:00.000Z',
      nested: { session_id: MASK, role: 'user', list: [1, 2] },
      note: null,
    });
    expect(maskSecrets(null)).toBeNull();
  });
});
