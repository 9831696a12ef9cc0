import { wageringApi } from './wagering';

const win = { bet_type: 'Win', race_ids: [1], amount_cents: 200, selections: [[4]] };

/** Each problem of a refused request as the server's 400 names it: field (the path joined by '.'), reason. */
function problems(
  schema: { safeParse(value: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) {
  return (schema.safeParse(value).error?.issues ?? []).map((i) => ({
    field: i.path.join('.') || 'body',
    reason: i.message,
  }));
}

describe('wageringApi.placeBets', () => {
  const body = wageringApi.placeBets.body;

  it('should read a good slip, box false when left out', () => {
    expect(body.parse({ bets: [win] })).toEqual({ bets: [{ ...win, box: false }] });
  });

  it("should name the slip's own problems alone, before any bet's", () => {
    expect(problems(body, { bets: [{ ...win, amount_cents: -1 }], extra: 1 })).toEqual([
      { field: 'body', reason: 'Unrecognized key: "extra"' },
    ]);
  });

  it('should name every bad bet as bets[i].field in one answer, its fields before its bet type and rules', () => {
    const slip = {
      bets: [
        win,
        { ...win, bet_type: 'Nope', selections: [[1, 'x']] },
        { ...win, bet_type: 'Nope' },
        { ...win, amount_cents: 150 },
      ],
    };
    expect(problems(body, slip).map((p) => p.field)).toEqual([
      'bets[1].selections[0][1]',
      'bets[2].bet_type',
      'bets[3].amount_cents',
    ]);
    expect(problems(body, slip)[1]?.reason).toBe("Unknown bet type 'Nope'.");
  });
});

describe('wageringApi.placeBets headers', () => {
  const headers = wageringApi.placeBets.headers;

  it('should name a missing or malformed key Idempotency-Key, as the client sends it', () => {
    expect(problems(headers, {})).toEqual([{ field: 'Idempotency-Key', reason: 'the header is required' }]);
    expect(problems(headers, { 'idempotency-key': 'short' })[0]?.field).toBe('Idempotency-Key');
    expect(headers.parse({ 'idempotency-key': 'slip-0001', host: 'x' })).toEqual({ 'idempotency-key': 'slip-0001' });
  });
});
