import type { BetTypeName } from '@furlong/contracts';
import { BET_TYPES, Prng, seedPool } from '@furlong/domain';

/** The types the simulated crowd bets (their shares of a tick add up to 1), in lock order (bet type name). */
export const CROWD_TYPES = BET_TYPES.filter((t) => t.crowdShare > 0).sort((a, b) => (a.name < b.name ? -1 : 1));
/** The longest sequence the crowd bets. */
export const CROWD_LEGS = Math.max(...CROWD_TYPES.map((t) => t.legs));

/** The crowd's money of some ticks for one pool: cents per interest (whole dollars each) and their sum. */
export interface CrowdMoney {
  money: Record<string, number>;
  cents: number;
}

/**
 * The simulated crowd's money for the ticks `fromTick` (exclusive) to `toTick` (inclusive) of a
 * race, per bet type it bets (those whose legs the card has): each tick is at most `capCents`, at
 * least a tenth of it, split by the types' crowd shares and spread like the house seed over a noisy
 * view of the morning lines (each horse's chance × 0.5–1.5), so money does not simply follow the
 * line. A pure function of (race, tick): whoever adds the ticks, and however late, adds the same.
 */
export function crowdMoney(
  raceId: number,
  fromTick: number,
  toTick: number,
  capCents: number,
  legs: readonly Readonly<Record<string, number>>[],
): Map<BetTypeName, CrowdMoney> {
  const out = new Map<BetTypeName, CrowdMoney>();
  if (capCents < 100 || toTick <= fromTick) return out;
  for (let tick = fromTick + 1; tick <= toTick; tick++) {
    const prng = new Prng(`crowd:${raceId}:${tick}`);
    const noisy = legs.map((leg) => {
      const view: Record<string, number> = {};
      for (const [k, p] of Object.entries(leg)) view[k] = p * (0.5 + prng.int(0, 999) / 1000);
      return view;
    });
    const amount = prng.int(Math.ceil(capCents / 10), capCents);
    for (const type of CROWD_TYPES) {
      if (legs.length < type.legs) continue;
      // Whole dollars, so every interest holds an amount a ticket could have.
      const dollars = Math.floor((amount * type.crowdShare) / 100);
      if (dollars <= 0) continue;
      const spread = seedPool(0, dollars, type.seedShape(noisy.slice(0, type.legs)));
      const acc = out.get(type.name) ?? { money: {}, cents: 0 };
      for (const [k, d] of Object.entries(spread.money)) {
        if (d > 0) acc.money[k] = (acc.money[k] ?? 0) + d * 100;
      }
      acc.cents += dollars * 100;
      out.set(type.name, acc);
    }
  }
  return out;
}
