import { CROWD_TYPES, crowdMoney } from './crowd-money';

const leg = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), 1 / n]));
const total = (m: ReturnType<typeof crowdMoney>) => [...m.values()].reduce((s, c) => s + c.cents, 0);

describe(crowdMoney.name, () => {
  const legs = [leg(8), leg(7), leg(9)];

  it('should give the same money for the same race and ticks, whoever adds them', () => {
    expect(crowdMoney(7, 10, 20, 20_000, legs)).toEqual(crowdMoney(7, 10, 20, 20_000, legs));
    expect(crowdMoney(8, 10, 20, 20_000, legs)).not.toEqual(crowdMoney(7, 10, 20, 20_000, legs));
  });

  it('should add up: ticks (a, b] and (b, c] together are ticks (a, c]', () => {
    const whole = crowdMoney(7, 100, 130, 20_000, legs);
    const parts = [crowdMoney(7, 100, 111, 20_000, legs), crowdMoney(7, 111, 130, 20_000, legs)];
    for (const [name, crowd] of whole) {
      const sum: Record<string, number> = {};
      for (const part of parts) {
        for (const [k, c] of Object.entries(part.get(name)?.money ?? {})) sum[k] = (sum[k] ?? 0) + c;
      }
      expect(sum).toEqual(crowd.money);
    }
  });

  it('should put whole dollars on each interest, summing to its total, within the cap per tick', () => {
    const ticks = 40;
    const money = crowdMoney(3, 0, ticks, 20_000, legs);
    expect([...money.keys()].sort()).toEqual(CROWD_TYPES.map((t) => t.name).sort());
    for (const crowd of money.values()) {
      const values = Object.values(crowd.money);
      expect(values.every((c) => c > 0 && c % 100 === 0)).toBe(true);
      expect(values.reduce((s, c) => s + c, 0)).toBe(crowd.cents);
    }
    expect(total(money)).toBeLessThanOrEqual(ticks * 20_000);
    expect(total(money)).toBeGreaterThanOrEqual(ticks * 2_000 - ticks * CROWD_TYPES.length * 100);
  });

  it("should give a race's own pools the same money whatever later legs its card has", () => {
    const alone = crowdMoney(9, 0, 12, 5_000, [leg(8)]);
    const withCard = crowdMoney(9, 0, 12, 5_000, [leg(8), leg(6), leg(6)]);
    expect(withCard.get('Win')).toEqual(alone.get('Win'));
    expect(withCard.get('Exacta')).toEqual(alone.get('Exacta'));
    expect(alone.has('Pick 3')).toBe(false);
    expect(withCard.has('Pick 3')).toBe(true);
  });

  it('should give nothing for no ticks or a cap under a dollar', () => {
    expect(crowdMoney(1, 5, 5, 20_000, legs).size).toBe(0);
    expect(crowdMoney(1, 0, 5, 99, legs).size).toBe(0);
  });
});
