import type { BetTypeName } from '@furlong/contracts';
import { BET_TYPES, offersAdvancedBet } from '@furlong/domain';

/** Daily Double and Pick 3–10: the types of the advanced flow and the multi-race bet. */
export const MULTI_RACE_TYPES = BET_TYPES.filter((t) => offersAdvancedBet(t.name)).map((t) => t.name as BetTypeName);

/** Races taking bets: the server takes a ticket only when every leg is open (and before its post). */
export const BETTABLE = new Set(['open']);
