import { describeMovement, LedgerDescriptions } from './ledger-descriptions';

describe(LedgerDescriptions.name, () => {
  it('should name a payout, a bet and a refund by their bet type and race', async () => {
    const sut = new LedgerDescriptions();
    const asked: string[][] = [];
    sut.register('pool', async (keys) => {
      asked.push([...keys]);
      return new Map([['37', { what: 'Win', where: 'Race 7 at Victoria Park' }]]);
    });
    sut.register('bets', async () => new Map([['4,5', { what: 'Exacta', where: 'Race 3 at Aville Downs' }]]));
    const described = await sut.describe([
      { reason: 'payout', reference: 'pool:37' },
      { reason: 'refund', reference: 'pool:37' },
      { reason: 'bet', reference: 'bets:4,5' },
      { reason: 'starting_credit', reference: 'user:9' },
      { reason: 'payout', reference: 'pool:99' },
    ]);
    expect(described).toEqual([
      'Win payout, Race 7 at Victoria Park',
      'Refund: Win, Race 7 at Victoria Park',
      'Bet: Exacta, Race 3 at Aville Downs',
      'Starting credit',
      'Payout',
    ]);
    // Each reference is looked up once per page.
    expect(asked).toEqual([['37', '99']]);
  });

  it('should refuse a second namer for one prefix', () => {
    const sut = new LedgerDescriptions();
    sut.register('pool', async () => new Map());
    expect(() => sut.register('pool', async () => new Map())).toThrow("'pool:' already have a namer");
  });

  it('should say an unknown reason in words', () => {
    expect(describeMovement('carryover_in', { what: 'Pick 4', where: 'Races 5–8 at Aville Downs' })).toBe(
      'Carryover in: Pick 4, Races 5–8 at Aville Downs',
    );
  });
});
