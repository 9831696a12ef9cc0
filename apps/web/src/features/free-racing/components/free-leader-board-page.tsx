import { FREE_LEADER_PERIODS, type FreeLeaderPeriod } from '@furlong/contracts';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useFreeLeaderBoard } from '../api/leader-board';
import { useMyFreePicks } from '../api/my-picks';
import './free-racing.css';

const PERIOD_TEXT: Record<FreeLeaderPeriod, string> = { today: 'Today', all: 'All time' };

/** /free-leader-board: players ranked by free-race points, today's or all time, and the player's own picks. */
export function FreeLeaderBoardPage() {
  const [params, setParams] = useSearchParams();
  const period: FreeLeaderPeriod = params.get('period') === 'all' ? 'all' : 'today';
  const leaders = useFreeLeaderBoard(period);
  const session = useSession();
  const picks = useMyFreePicks(session !== null);
  const items = leaders.data?.items ?? [];

  return (
    <Page title="Free Leader Board">
      <nav aria-label="Period" className="free-tabs">
        {FREE_LEADER_PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={`button small ${p === period ? '' : 'secondary'}`}
            aria-pressed={p === period}
            onClick={() => setParams({ period: p })}
          >
            {PERIOD_TEXT[p]}
          </button>
        ))}
      </nav>
      {leaders.isPending ? (
        <Loading text="Loading the leader board..." />
      ) : leaders.isError ? (
        <ErrorMessage error={leaders.error} />
      ) : items.length === 0 ? (
        <EmptyState>
          {period === 'today' ? 'No free race has been scored today yet.' : 'No free race has been scored yet.'}
        </EmptyState>
      ) : (
        <div className="table-scroll">
          <table className="free-table">
            <caption className="visually-hidden">Players by points, {PERIOD_TEXT[period].toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Player</th>
                <th scope="col">Points</th>
                <th scope="col">Picks</th>
                <th scope="col">Wins</th>
              </tr>
            </thead>
            <tbody>
              {items.map((l) => (
                <tr key={l.username} className={l.username === session?.username ? 'free-me' : undefined}>
                  <td>{l.rank}</td>
                  <td>{l.username}</td>
                  <td>{l.points}</td>
                  <td>{l.picks}</td>
                  <td>{l.wins}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {session ? (
        <section aria-labelledby="my-free-picks">
          <h2 id="my-free-picks">Your picks</h2>
          {picks.isPending ? (
            <Loading text="Loading your picks..." />
          ) : picks.isError ? (
            <ErrorMessage error={picks.error} />
          ) : (picks.data?.items.length ?? 0) === 0 ? (
            <EmptyState>You have not picked a horse yet: pick one on the Free Tote Board.</EmptyState>
          ) : (
            <ul className="free-picks">
              {picks.data?.items.map((p) => (
                <li key={p.board_id}>
                  {p.board_name}: {p.horse_name} at {p.odds} —{' '}
                  {p.points === null ? 'waiting for the race' : `${p.points} points`}
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </Page>
  );
}
