import type { CreatedRaceView } from '@furlong/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { hasRole, useSession } from '../../../lib/session';
import { useCreatedRaces, useGenerateRace, useScheduleCreatedRace, useTrackOptions } from '../api/created-races';

/** Two hours from now, as a datetime-local value in the browser's time zone (minutes). */
function defaultPostTime(): string {
  const at = new Date(Date.now() + 2 * 3_600_000);
  at.setSeconds(0, 0);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** An admin's form: the post time (the browser's clock and zone) that puts the race on its track's card. */
function ScheduleForm({ race }: { race: CreatedRaceView }) {
  const ids = useId();
  const [postTime, setPostTime] = useState(defaultPostTime);
  const [trackId, setTrackId] = useState(race.track_id);
  const tracks = useTrackOptions(true);
  const schedule = useScheduleCreatedRace();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = new Date(postTime);
    if (Number.isNaN(at.getTime())) return;
    schedule.mutate({
      id: race.id,
      post_time: at.toISOString(),
      ...(trackId !== race.track_id ? { track_id: trackId } : {}),
    });
  };
  return (
    <form className="form inline-form" onSubmit={submit} aria-label={`Schedule ${race.race_name}`}>
      <label htmlFor={`${ids}-track`}>Track</label>
      <select id={`${ids}-track`} value={trackId} onChange={(e) => setTrackId(Number(e.target.value))}>
        <option value={race.track_id}>{race.track_name}</option>
        {(tracks.data?.items ?? [])
          .filter((t) => t.id !== race.track_id)
          .map((t) => (
            <option key={t.id} value={t.id}>
              {t.track_name}
            </option>
          ))}
      </select>
      <label htmlFor={`${ids}-post`}>Post time</label>
      <input
        id={`${ids}-post`}
        type="datetime-local"
        required
        value={postTime}
        onChange={(e) => setPostTime(e.target.value)}
      />
      <button type="submit" className="button small" disabled={schedule.isPending}>
        {schedule.isPending ? 'Scheduling…' : 'Schedule'}
      </button>
      {schedule.isError ? <ErrorMessage error={schedule.error} text="Could not schedule the race" /> : null}
    </form>
  );
}

function CreatedRaceCard({ race, admin }: { race: CreatedRaceView; admin: boolean }) {
  const headingId = useId();
  return (
    <section className="card created-race" aria-labelledby={headingId}>
      <h2 id={headingId}>{race.race_name}</h2>
      <p className="hint">
        {race.track_name} · made <TimeOfDay at={race.created_at} date /> · {race.entries.length} horses
      </p>
      {race.scheduled_race_id !== null ? (
        <p>
          On the card:{' '}
          <Link to={`/race-card?raceId=${race.scheduled_race_id}&trackId=${race.track_id}`}>
            see the race at {race.track_name}
          </Link>
        </p>
      ) : admin ? (
        <ScheduleForm race={race} />
      ) : null}
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">Entries of {race.race_name}</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Post
              </th>
              <th scope="col">Horse</th>
              <th scope="col">Jockey</th>
              <th scope="col">Trainer</th>
              <th scope="col">Owner</th>
            </tr>
          </thead>
          <tbody>
            {race.entries.map((e) => (
              <tr key={e.post_position}>
                <td className="num">{e.post_position}</td>
                <th scope="row">
                  <Link to={`/page-horse/${e.horse_id}`}>{e.horse_name}</Link>
                </th>
                <td>{e.jockey}</td>
                <td>{e.trainer}</td>
                <td>{e.owner}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * /create-races — the random race generator: Generate a race makes one (a name, a track and 6-12
 * horses with their connections); the list shows the newest first.
 */
export function CreateRacesPage() {
  const races = useCreatedRaces();
  const generate = useGenerateRace();
  const admin = hasRole(useSession(), ['admin']);
  return (
    <Page
      title="Create Races"
      actions={
        <button type="button" className="button" disabled={generate.isPending} onClick={() => generate.mutate()}>
          {generate.isPending ? 'Generating…' : 'Generate a race'}
        </button>
      }
    >
      <p className="hint">
        Each generated race gets a name, a track and 6 to 12 horses from the catalog with their jockeys, trainers and
        owners.
      </p>
      {generate.isError ? <ErrorMessage error={generate.error} text="Could not generate a race" /> : null}
      {generate.isSuccess ? (
        <p className="flash" role="status">
          Generated {generate.data.race_name} at {generate.data.track_name} with {generate.data.entries.length} horses.
        </p>
      ) : null}
      {races.isPending ? (
        <Loading text="Loading created races…" />
      ) : !races.data ? (
        <ErrorMessage error={races.error} text="Could not load the created races." />
      ) : races.data.items.length === 0 ? (
        <EmptyState>No races created yet. Press “Generate a race” to make the first.</EmptyState>
      ) : (
        <div className="created-races">
          {races.data.items.map((race) => (
            <CreatedRaceCard key={race.id} race={race} admin={admin} />
          ))}
        </div>
      )}
    </Page>
  );
}
