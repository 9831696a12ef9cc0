import { Link } from 'react-router-dom';
import { useNextToPost } from '../../../api/next-to-post';
import { mtpText } from '../../../components/ui/next-to-post';
import { Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { useServerNow } from '../../../lib/server-clock';

/** The races running now, each with a link to watch it on the race screen; or when the next one goes off. */
export function RacingNow() {
  const board = useNextToPost();
  const now = useServerNow();
  const running = board.data?.running ?? [];
  const next = board.data?.races[0];
  return (
    <section className="next-to-post" aria-labelledby="racing-now-title">
      <h2 id="racing-now-title">
        <span className="live-dot" aria-hidden="true" />
        Racing now
      </h2>
      {board.isPending ? (
        <Loading text="Looking for a race running now..." />
      ) : !board.data ? (
        <p className="status status-error">The races running now could not be loaded.</p>
      ) : running.length === 0 ? (
        <p className="status status-empty">
          No race is running right now.
          {next ? (
            <>
              {' '}
              Next off: {next.track_name} Race {next.race_number}, {mtpText(next.post_time, now).text} (
              <TimeOfDay at={next.post_time} />
              ).
            </>
          ) : null}
        </p>
      ) : (
        <ul className="running-now">
          {running.map((race) => (
            <li key={race.id}>
              <span>
                <strong>{race.track_name}</strong> · Race {race.race_number}{' '}
                <span className="hint">
                  off at <TimeOfDay at={race.post_time} /> · {race.num_horses} runners
                </span>
              </span>
              <Link className="button small" to={`/race/${race.id}`} aria-label={`Watch ${race.race_name}`}>
                Watch
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
