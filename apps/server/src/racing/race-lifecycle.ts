import type { RacePhase } from './entities/current-race.entity';

/**
 * A race that has not started this long (wall time) after its post time is cancelled rather than
 * run: the server was down or stopped racing. A race already running always finishes.
 */
export const STALE_AFTER_WALL_MS = 60_000;

/**
 * The instants that move races on, from the racing clock: a scheduled race opens once its post time
 * is within the lead (post_time <= openPostUpTo), an open race closes at post time and never before
 * (post_time <= closePostUpTo, i.e. now), and a race that never got going is cancelled
 * (post_time < cancelPostBefore). The repository applies them as conditional UPDATEs.
 */
export interface LifecycleCutoffs {
  openPostUpTo: Date;
  closePostUpTo: Date;
  cancelPostBefore: Date;
}

export function lifecycleCutoffs(
  racingNowMs: number,
  openLeadMs: number,
  staleAfterRacingMs: number,
): LifecycleCutoffs {
  return {
    openPostUpTo: new Date(racingNowMs + openLeadMs),
    closePostUpTo: new Date(racingNowMs),
    cancelPostBefore: new Date(racingNowMs - staleAfterRacingMs),
  };
}

/** The phase the clock alone puts a race in that has not run yet (what the cutoffs do, race by race). */
export function phaseByClock(
  postTimeMs: number,
  racingNowMs: number,
  openLeadMs: number,
): Extract<RacePhase, 'scheduled' | 'open' | 'closed'> {
  if (racingNowMs >= postTimeMs) return 'closed';
  if (racingNowMs >= postTimeMs - openLeadMs) return 'open';
  return 'scheduled';
}

/** Whether a race may leave `from` for `to` (the lifecycle never goes back). */
export function canMove(from: RacePhase, to: RacePhase): boolean {
  const order: readonly RacePhase[] = ['scheduled', 'open', 'closed', 'running', 'finished'];
  if (from === 'finished' || from === 'cancelled') return false;
  if (to === 'cancelled') return from !== 'running';
  return order.indexOf(to) === order.indexOf(from) + 1;
}
