import type { CurrentRaceStatus } from '@furlong/contracts';
import { Link } from 'react-router-dom';

/** Which of Watch, Bet and Results a race in this phase offers. */
export function raceStateActions(status: CurrentRaceStatus): { watch: boolean; bet: boolean; results: boolean } {
  return {
    watch: status === 'open' || status === 'closed' || status === 'running',
    bet: status === 'open',
    results: status === 'finished',
  };
}

/**
 * The race card's buttons that follow the race: Watch while it can be watched (open, closed,
 * running), Place Bet while betting is open, Results once it has finished; a line saying why
 * there is none otherwise.
 */
export function RaceStateButtons({ raceId, status }: { raceId: number; status: CurrentRaceStatus }) {
  const actions = raceStateActions(status);
  return (
    <>
      {actions.bet ? (
        <Link className="button" to={`/bets?raceId=${raceId}`}>
          Place Bet
        </Link>
      ) : null}
      {actions.watch ? (
        <Link className="button" to={`/race/${raceId}`}>
          Watch race
        </Link>
      ) : null}
      {actions.results ? (
        <Link className="button" to={`/race-results?id=${raceId}`}>
          Results and payoffs
        </Link>
      ) : null}
      {status === 'scheduled' ? <span className="hint state-note">Betting opens before post time.</span> : null}
      {status === 'cancelled' ? <span className="hint state-note">This race was cancelled.</span> : null}
    </>
  );
}
