import { Link } from 'react-router-dom';
import { useRaceResults } from '../../../api/race-results';
import { PostChip } from '../../../components/ui/post-chip';
import { Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatCents, formatTimeOfDay } from '../../../lib/format';

/** How many results the home page shows; the rest are a link away. */
export const HOME_RESULTS = 5;

/**
 * The latest results with the winner and what a $2 win ticket paid, newest first (GET
 * /api/race_results, refreshed as results come in); each links to its result and payoffs.
 */
export function LatestResultsSection() {
  const results = useRaceResults({ limit: HOME_RESULTS, offset: 0 });
  const items = results.data?.items ?? [];
  return (
    <section className="latest-results" aria-labelledby="latest-results-title">
      <h2 id="latest-results-title">Latest results</h2>
      {results.isPending ? <Loading text="Loading the latest results..." /> : null}
      {results.isError ? (
        <p className="status status-error">
          The latest results could not be loaded.
          {results.error instanceof ApiError && results.error.status > 0 ? ` (${results.error.message})` : null}
        </p>
      ) : null}
      {results.isSuccess && items.length === 0 ? (
        <p className="status status-empty">No race has finished yet today.</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="latest-results-list">
          {items.map((r) => (
            <li key={r.result_id}>
              <Link to={`/race-results?id=${r.current_race_id}`}>
                {r.track_name} · Race {r.race_number}
              </Link>{' '}
              <span className="hint">{formatTimeOfDay(r.post_time)}</span>
              <br />
              <PostChip post={r.winner_post_position} /> {r.winner_name}{' '}
              <span className="latest-results-price">
                {r.win_payoff_cents === null ? 'price to come' : `${formatCents(r.win_payoff_cents)} to win`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <Link to="/race-results">All results and payoffs</Link>
      </p>
    </section>
  );
}
