import type { BetTypeName } from '@furlong/contracts';
import { betTypeRule, combinationKey, findBetType } from '@furlong/domain';
import type { WageringConfig } from '../config/app-config';

/**
 * A Pick N's major share (kept for all-correct tickets, carried over as a jackpot when nobody has
 * them) from the configuration by its legs; 0 for every other type and for Pick N types not set.
 */
export function majorShareFor(config: WageringConfig, betType: string): number {
  const rule = betTypeRule(betType);
  return rule.carriesOver ? (config.pickMajorShare[rule.legs] ?? 0) : 0;
}

/** Takeout of a bet type: the configuration's value for the type's group (throws for an unknown type). */
export function takeoutFor(config: WageringConfig, betType: string): number {
  return config.takeout[betTypeRule(betType).takeoutGroup];
}

export function isBetTypeName(name: string): name is BetTypeName {
  return findBetType(name) !== undefined;
}

/** The ledger account of a pool: one per race (first race of a sequence) and bet type. */
export function poolAccountCode(firstRaceId: number, betType: string): string {
  return `pool:${firstRaceId}:${betType.toLowerCase().replace(/\s+/g, '_')}`;
}

/** The ledger account that holds a track's carryover of one bet type until its next pool opens. */
export function carryoverAccountCode(trackId: number, betType: string): string {
  return `carryover:${trackId}:${betType.toLowerCase().replace(/\s+/g, '_')}`;
}

/**
 * The pool key of a combination: a program number, an ordered tuple, a sorted quinella pair, a leg
 * sequence (throws for an unknown type).
 */
export function interestOf(betType: string, tuple: readonly number[]): string {
  return combinationKey(betTypeRule(betType), tuple);
}

/**
 * Whether a bet's selections are matched position by position (slot k holds the k-th number of a
 * winning key), or as one list holding every number of the key (boxes and quinellas).
 */
export function matchesAsOneList(betType: string, box: boolean): boolean {
  return box || findBetType(betType)?.kind === 'unordered';
}

/** No past-posting: a race takes bets while it is open and before its post time by the racing clock. */
export function takesBets(race: { status: string; post_time: Date } | undefined, racingNowMs: number): boolean {
  return race !== undefined && race.status === 'open' && race.post_time.getTime() > racingNowMs;
}
