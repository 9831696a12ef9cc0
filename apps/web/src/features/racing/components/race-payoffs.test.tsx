import { makeBet } from '../../../../test/fixtures';
import { outcomeText } from './race-payoffs';

describe(outcomeText.name, () => {
  it('should say what a bet came to', () => {
    expect(outcomeText(makeBet(1, { status: 'won', payout_cents: 840 }))).toBe('Won $8.40');
    expect(outcomeText(makeBet(2, { status: 'lost' }))).toBe('Lost');
  });

  it('should say what scratches gave back of a bet, and count it in a refund', () => {
    // A $1 exacta box of three: 4 of its 6 combinations named the scratched runner.
    const box = { total_cents: 600, refunded_cents: 400 };
    expect(outcomeText(makeBet(3, { ...box, status: 'lost' }))).toBe('Lost; $4.00 refunded for a scratch');
    expect(outcomeText(makeBet(4, { ...box, status: 'pending' }))).toBe('Pending; $4.00 refunded for a scratch');
    expect(outcomeText(makeBet(5, { ...box, status: 'refunded', payout_cents: 200 }))).toBe('Refunded $6.00');
  });
});
