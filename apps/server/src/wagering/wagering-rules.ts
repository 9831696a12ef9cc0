import type { BetTypeName } from '@furlong/contracts';
import { findBetType, interestKey } from '@furlong/domain';
import type { WageringConfig } from '../config/app-config';

/** Takeout of a bet type from the configuration's three groups. */
export function takeoutFor(config: WageringConfig, betType: string): number {
  if (betType === 'Win' || betType === 'Place' || betType === 'Show') return config.takeout.winPlaceShow;
  if (betType === 'Exacta' || betType === 'Quinella' || betType === 'Daily Double') {
    return config.takeout.exactaQuinellaDouble;
  }
  return config.takeout.trifectaSuperfectaPick;
}

export function isBetTypeName(name: string): name is BetTypeName {
  return findBetType(name) !== undefined;
}

/** The ledger account of a pool: one per race (first race of a sequence) and bet type. */
export function poolAccountCode(firstRaceId: number, betType: string): string {
  return `pool:${firstRaceId}:${betType.toLowerCase().replace(/\s+/g, '_')}`;
}

/** Pick 3 … Pick 10: the types whose pool carries over when no ticket has a race right. */
export function isPickType(betType: string): boolean {
  return /^Pick \d+$/.test(betType);
}

/** The ledger account that holds a track's carryover of one bet type until its next pool opens. */
export function carryoverAccountCode(trackId: number, betType: string): string {
  return `carryover:${trackId}:${betType.toLowerCase().replace(/\s+/g, '_')}`;
}

/** The pool key of a combination: a program number, an ordered tuple, a sorted quinella pair, a leg sequence. */
export function interestOf(betType: string, tuple: readonly number[]): string {
  return interestKey(tuple, betType === 'Quinella');
}

/**
 * Whether a bet's selections are matched position by position (slot k holds the k-th number of a
 * winning key), or as one list holding every number of the key (boxes and quinellas).
 */
export function matchesAsOneList(betType: string, box: boolean): boolean {
  return box || betType === 'Quinella';
}

/** No past-posting: a race takes bets while it is open and before its post time by the racing clock. */
export function takesBets(race: { status: string; post_time: Date } | undefined, racingNowMs: number): boolean {
  return race !== undefined && race.status === 'open' && race.post_time.getTime() > racingNowMs;
}
