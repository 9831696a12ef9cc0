import { INFO_PAGES, infoDocumentSchema } from '@furlong/contracts';
import {
  BET_TYPES,
  betTypeRule,
  combinations,
  DEFAULT_PRICE_RULES,
  formatMoney,
  quotedPayoff,
  settlePool,
  winOdds,
} from '@furlong/domain';
import { seedHash } from '../racing/racing.service';
import {
  betExample,
  boxExample,
  EXAMPLE_ORDER,
  EXAMPLE_WIN_MONEY,
  examplePool,
  type InfoSettings,
  minusPoolExample,
  oddsTable,
  verifyExample,
  winningTuple,
} from './info-examples';
import { infoDocument, infoHeadings } from './info-pages.content';

// The defaults of the configuration (README, Configuration; ARCHITECTURE §5).
const settings: InfoSettings = {
  takeout: { winPlaceShow: 0.16, exactaQuinellaDouble: 0.185, trifectaSuperfectaPick: 0.24 },
  priceRules: DEFAULT_PRICE_RULES,
};

describe('info pages content', () => {
  it.each(BET_TYPES.map((r) => [r.name]))(
    "should pay the %s example's $2 ticket what the domain's settlement pays it",
    (name) => {
      const rule = betTypeRule(name);
      const sut = betExample(rule, settings);
      const result = rule.legs > 1 ? winningTuple(rule) : [...EXAMPLE_ORDER];
      const settlement = settlePool(name, examplePool(rule, settings), result);
      const price = settlement.prices.find((p) => p.interest === sut.interest);
      expect(price).toBeDefined();
      expect(sut.pricePerDollarCents).toBe(price?.price_per_dollar_cents);
      expect(sut.twoDollarPayoutCents).toBe(
        quotedPayoff(name, price?.price_per_dollar_cents ?? 0).two_dollar_payout_cents,
      );
      expect(sut.block.result).toContain(formatMoney(sut.twoDollarPayoutCents));
      // Not a refund, not a minus pool: the example shows a real price.
      expect(settlement.refunded).toBe(false);
      expect(settlement.cover_cents).toBe(0);
    },
  );

  it('should work the $2 Win ticket on horse 4 out to $9.20 (16% takeout, dime breakage)', () => {
    // $10,000 gross, $1,800 on the winner: net $8,400, profit $6,600, $3.666… per $1 → $3.60; price $4.60.
    const sut = betExample(betTypeRule('Win'), settings);
    expect(sut.pricePerDollarCents).toBe(460);
    expect(sut.twoDollarPayoutCents).toBe(920);
    expect(sut.block.steps).toContain('Takeout 16%: $1,600.00 to the house, leaving a net pool of $8,400.00.');
  });

  it('should follow the configuration: a higher takeout lowers the example payout', () => {
    const higher = { ...settings, takeout: { ...settings.takeout, winPlaceShow: 0.2 } };
    const sut = betExample(betTypeRule('Win'), higher);
    expect(sut.twoDollarPayoutCents).toBeLessThan(betExample(betTypeRule('Win'), settings).twoDollarPayoutCents);
    expect(sut.block.steps.join(' ')).toContain('Takeout 20%');
  });

  it('should pay the minimum on the minus-pool example, the house covering it', () => {
    const sut = minusPoolExample(betTypeRule('Show'), settings);
    expect(sut.pricePerDollarCents).toBe(DEFAULT_PRICE_RULES.minPricePerDollarCents);
    expect(sut.twoDollarPayoutCents).toBe(2 * DEFAULT_PRICE_RULES.minPricePerDollarCents);
    expect(sut.settlement.cover_cents).toBeGreaterThan(0);
    expect(sut.block.steps.join(' ')).toContain(formatMoney(sut.settlement.cover_cents));
  });

  it("should show each horse's board odds as winOdds gives them", () => {
    const pool = { takeout: settings.takeout.winPlaceShow, money: EXAMPLE_WIN_MONEY };
    const sut = oddsTable(betTypeRule('Win'), settings);
    if (sut.type !== 'table') throw new Error('not a table');
    for (const [horse, , toOne, board] of sut.rows) {
      const odds = winOdds(pool, Number(horse));
      expect(board).toBe(odds?.fractional);
      expect(toOne).toBe(odds?.toOne.toFixed(2));
    }
  });

  it("should cost a box what the domain's combinations count makes it", () => {
    const sut = boxExample(betTypeRule('Trifecta'), [4, 7, 2, 9], 50);
    const n = combinations({ bet_type: 'Trifecta', selections: [[4, 7, 2, 9]], box: true });
    expect(n).toBe(24);
    expect(sut.result).toBe(`The box costs ${n} × $0.50 = ${formatMoney(n * 50)}.`);
  });

  it('should verify its example race: the hash of the seed is the one published, the re-run finishes the same', () => {
    const sut = verifyExample();
    expect(sut.seedHash).toBe(seedHash(sut.seed));
    expect(sut.block.steps[0]).toContain(sut.seedHash);
    expect(sut.block.steps[2]).toContain(sut.seed);
    expect(sut.block.steps[1]).toContain(sut.finishOrder.join(', '));
    expect(sut.block.result).toBe('The race was decided by the published seed, not after the bets were in.');
  });

  it.each(INFO_PAGES.map((p) => [p]))('should build the %s page to the contract, with unique anchors', (page) => {
    const sut = infoDocument(page, settings);
    expect(infoDocumentSchema.parse(sut)).toEqual(sut);
    const ids = sut.blocks.flatMap((b) => (b.type === 'heading' ? [b.id] : []));
    expect(new Set(ids).size).toBe(ids.length);
    expect(infoHeadings(sut).length).toBeGreaterThan(3);
    for (const b of sut.blocks)
      if (b.type === 'table') for (const r of b.rows) expect(r).toHaveLength(b.columns.length);
  });

  it('should give every bet type a heading and a worked example on Learn About Racing', () => {
    const sut = infoDocument('learn-about-racing', settings);
    const headings = infoHeadings(sut);
    const examples = sut.blocks.flatMap((b) => (b.type === 'example' ? [b.title] : []));
    for (const rule of BET_TYPES) {
      expect(headings).toContain(rule.name);
      expect(examples.some((t) => t.startsWith(`${rule.name}: `))).toBe(true);
    }
  });
});
