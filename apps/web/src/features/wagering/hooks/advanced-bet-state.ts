import type { BetTypeName, CurrentRaceSummary } from '@furlong/contracts';

/** Navigation state of /advanced-bet-tracks (spec §2.1): where the bettor came from. */
export interface AdvancedTracksState {
  trackName: string | null;
  trackId: number | null;
  currentRaceId: number | null;
  selectedBet: BetTypeName;
}

/** Navigation state of /advanced-bet-races: the races ticked on the track step. */
export interface AdvancedRacesState {
  selectedRaces: CurrentRaceSummary[];
  trackName: string;
  trackId: number;
  selectedBet: BetTypeName;
}

/** One leg as the confirmation shows it. */
export interface ConfirmedLeg {
  race_id: number;
  race_name: string;
  race_date: string;
  post_time: string;
  horse_name: string;
  horse_number: number;
}

/** Navigation state of /confirmation: the bet as placed. */
export interface BetData {
  trackName: string;
  location?: string;
  betType: BetTypeName;
  amountCents: number;
  totalCents: number;
  balanceCents: number;
  legs: ConfirmedLeg[];
}

/** Reads `state.key` of a location as T when present (navigation state is untyped). */
export function stateField<T>(state: unknown, key: string): T | null {
  if (!state || typeof state !== 'object' || !(key in state)) return null;
  const value = (state as Record<string, unknown>)[key];
  return value === undefined || value === null ? null : (value as T);
}
