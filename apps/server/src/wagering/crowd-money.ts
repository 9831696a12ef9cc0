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
 * least a tenth of it, split by the types' crowd shares and spread over the type's seed shape (the
 * morning lines of its legs) seen through the tick's noise: each horse's weight × 0.5–1.5, an
 * interest's weight times the noise of each horse in it, so money does not simply follow the line.
 * The shapes are made once per call (a superfecta's takes ~25 ms; made per tick, as the tote tick
 * did, a day of ticks cost seconds of CPU per race). A pure function of (race, tick): whoever adds
 * the ticks, however late and in however many steps, adds the same.
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
  const types = CROWD_TYPES.filter((t) => legs.length >= t.legs).map((type) => {
    const shape = type.seedShape(legs.slice(0, type.legs));
    const keys = Object.keys(shape).filter((k) => (shape[k] as number) > 0);
    // Per interest, its horses as (leg, program number): a sequence's parts are its legs' winners.
    const parts = keys.map((k) => k.split('-').map((h, i) => [type.kind === 'sequence' ? i : 0, h] as const));
    return { type, keys, weights: keys.map((k) => shape[k] as number), parts };
  });
  const horses = legs.map((leg) => Object.keys(leg));
  for (let tick = fromTick + 1; tick <= toTick; tick++) {
    const prng = new Prng(`crowd:${raceId}:${tick}`);
    // The amount first, then the legs in order: a race's own pools get the same money whatever
    // later legs its card has.
    const amount = prng.int(Math.ceil(capCents / 10), capCents);
    const noise = horses.map((hs) => {
      const view: Record<string, number> = {};
      for (const h of hs) view[h] = 0.5 + prng.int(0, 999) / 1000;
      return view;
    });
    for (const { type, keys, weights, parts } of types) {
      // Whole dollars, so every interest holds an amount a ticket could have.
      const dollars = Math.floor((amount * type.crowdShare) / 100);
      if (dollars <= 0) continue;
      const view: Record<string, number> = {};
      keys.forEach((k, i) => {
        let w = weights[i] as number;
        for (const [l, h] of parts[i] as (readonly [number, string])[]) w *= noise[l]?.[h] ?? 1;
        view[k] = w;
      });
      const spread = seedPool(0, dollars, view);
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
