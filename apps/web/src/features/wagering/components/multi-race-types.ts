import type { BetTypeName } from '@furlong/contracts';
import { BET_TYPES, offersAdvancedBet } from '@furlong/domain';

/** Daily Double and Pick 3–10: the types of the advanced flow and the multi-race bet. */
export const MULTI_RACE_TYPES = BET_TYPES.filter((t) => offersAdvancedBet(t.name)).map((t) => t.name as BetTypeName);

/** Races still taking bets (a multi-race ticket needs every leg open). */
export const BETTABLE = new Set(['scheduled', 'open']);
