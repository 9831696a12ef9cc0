import type { CurrentRaceSummary } from '@furlong/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCountdown, formatTimeOfDay } from '../../../lib/format';
import { useServerNow } from '../../../lib/server-clock';
import { getSocket } from '../../../lib/socket';
import { type CurrentRacesOrder, useCurrentRaces } from '../api/current-races';

/**
 * /current-race-screens (also /current-races, /race-screens): the races running now and the next
 * to post, each with a Watch button, refreshed every few seconds; and the latest results.
 */
export function CurrentRacesPage() {
  // Connecting syncs the clock the countdowns use; the race screen then reuses the connection.
  useEffect(() => {
    getSocket();
  }, []);
  const now = useServerNow();
  return (
    <Page title="Current Races">
      <p className="live-clock">
        <span className="live-clock-label">Time</span>{' '}
        <time dateTime={new Date(now).toISOString()}>{formatTimeOfDay(now, { seconds: true })}</time>
      </p>
      <RaceList title="Running now" status="running" order="next" now={now} empty="No race is running right now." />
      <RaceList
        title="Next to post"
        status="open"
        order="next"
        now={now}
        empty="No race is open for betting right now."
      />
      <RaceList title="Latest results" status="finished" order="latest" now={now} empty="No race has finished yet." />
    </Page>
  );
}

function RaceList({
  title,
  status,
  order,
  now,
  empty,
}: {
  title: string;
  status: 'running' | 'open' | 'finished';
  order: CurrentRacesOrder;
  now: number;
  empty: string;
}) {
  const races = useCurrentRaces(status, order);
  const headingId = `races-${status}`;
  let body: React.ReactNode;
  if (races.isPending) body = <Loading />;
  else if (races.isError) body = <ErrorMessage error={races.error} text={`Could not load the races (${title}).`} />;
  else if (races.data.items.length === 0) body = <EmptyState>{empty}</EmptyState>;
  else
    body = (
      <div className="table-scroll">
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">Track</th>
              <th scope="col">Race</th>
              <th scope="col">Post time</th>
              <th scope="col">{status === 'open' ? 'To post' : status === 'running' ? 'Status' : 'Result'}</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {races.data.items.map((race) => (
              <RaceRow key={race.id} race={race} status={status} now={now} />
            ))}
          </tbody>
        </table>
        {races.data.total > races.data.items.length ? (
          <p className="hint">
            Showing {races.data.items.length} of {races.data.total}.
          </p>
        ) : null}
      </div>
    );
  return (
    <section className="race-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {body}
    </section>
  );
}

function RaceRow({ race, status, now }: { race: CurrentRaceSummary; status: string; now: number }) {
  const left = Date.parse(race.post_time) - now;
  return (
    <tr>
      <td>
        <Link to={`/page-track/${race.track_id}`}>{race.location}</Link>
      </td>
      <td>
        {race.race_name}{' '}
        <span className="hint">
          · {race.furlongs} f · {race.surface_type}
        </span>
      </td>
      <td>{formatTimeOfDay(race.post_time)}</td>
      <td>
        {status === 'open' ? (
          <span className="countdown-cell" role="timer" aria-label={`Countdown to post, ${race.race_name}`}>
            {left > 0 ? formatCountdown(Math.ceil(left / 1000) * 1000) : 'At the post'}
          </span>
        ) : status === 'running' ? (
          <span className="phase-badge phase-running">Running</span>
        ) : (
          <Link to={`/race-results?id=${race.id}`}>Results</Link>
        )}
      </td>
      <td>
        {status === 'finished' ? null : (
          <Link className="button small" to={`/race/${race.id}`} aria-label={`Watch ${race.race_name}`}>
            Watch
          </Link>
        )}
      </td>
    </tr>
  );
}
