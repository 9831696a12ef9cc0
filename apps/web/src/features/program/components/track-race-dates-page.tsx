import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCatalogRecord } from '../../../api/catalog-record';
import { LinkRow } from '../../../components/ui/link-row';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { formatCents, formatNumber, trackClockInstant } from '../../../lib/format';
import { useTrackRaces } from '../api/track-races';
import { type TrackRecord, useTracks } from '../api/tracks';
import { formatDistance, parseId } from './race-clock';

/** Spec §8, race dates. */
export const NO_TRACK_DETAILS = 'No track details available.';

/** A track's race dates, newest first, without repeats. */
export function datesNewestFirst(dates: readonly string[]): string[] {
  return [...new Set(dates)].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
}

/**
 * /track-race-dates and /track-race-dates/:trackId: pick a track, then one of its race dates
 * (newest first), and see that day's races from the catalog; a race opens its sheet.
 */
export function TrackRaceDatesPage() {
  const { trackId: trackParam } = useParams();
  const trackId = parseId(trackParam);
  return (
    <Page title="Track Race Dates" actions={<BackButton />}>
      <TrackPicker trackId={trackId} />
      {trackParam === undefined ? (
        <p className="hint">Choose a track to see its race dates.</p>
      ) : trackId === null ? (
        <ErrorMessage text={NO_TRACK_DETAILS} />
      ) : (
        <TrackDates key={trackId} trackId={trackId} />
      )}
    </Page>
  );
}

function TrackPicker({ trackId }: { trackId: number | null }) {
  const tracks = useTracks();
  const navigate = useNavigate();
  const byName = useMemo(
    () => [...(tracks.data?.items ?? [])].sort((a, b) => a.track_name.localeCompare(b.track_name)),
    [tracks.data],
  );
  if (tracks.isPending) return <Loading text="Loading tracks..." />;
  if (tracks.isError) return <ErrorMessage error={tracks.error} text="Unable to load the tracks." />;
  return (
    <div className="table-controls">
      <div className="control">
        <label htmlFor="race-dates-track">Track</label>
        <select
          id="race-dates-track"
          value={trackId !== null && byName.some((t) => t.id === trackId) ? trackId : ''}
          onChange={(e) => {
            if (e.target.value) void navigate(`/track-race-dates/${e.target.value}`);
          }}
        >
          <option value="">Choose a track…</option>
          {byName.map((t) => (
            <option key={t.id} value={t.id}>
              {t.track_name} ({t.location})
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

function TrackDates({ trackId }: { trackId: number }) {
  // A track's week changes rarely: keep it five minutes.
  const track = useCatalogRecord<TrackRecord>('tracks', trackId, { staleTime: 5 * 60_000 });
  const dates = useMemo(() => datesNewestFirst(track.data?.race_dates ?? []), [track.data]);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const date = chosen && dates.includes(chosen) ? chosen : dates[0];

  if (track.isPending) return <Loading text="Loading track..." />;
  if (track.isError) return <ErrorMessage error={track.error} text={NO_TRACK_DETAILS} />;

  return (
    <>
      <TrackSummary track={track.data} date={date} />
      {dates.length === 0 ? (
        <EmptyState>This track has no race dates.</EmptyState>
      ) : (
        <>
          <div className="table-controls">
            <div className="control">
              <label htmlFor="race-dates-date">Race date</label>
              <select id="race-dates-date" value={date} onChange={(e) => setChosen(e.target.value)}>
                {dates.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {date ? <DayRaces trackId={trackId} date={date} utcOffsetMinutes={track.data.utc_offset_minutes} /> : null}
        </>
      )}
    </>
  );
}

function TrackSummary({ track, date }: { track: TrackRecord; date: string | undefined }) {
  // The start time is the track's clock: on the chosen day it is an instant the viewer's clock can show.
  const start = trackClockInstant(date, track.start_time, track.utc_offset_minutes);
  const rows: [string, ReactNode][] = [
    ['Track', track.track_name],
    ['Location', track.location],
    ['Start time', <TimeOfDay key="start" at={start} trackOffset={track.utc_offset_minutes} />],
    ['Daily races', formatNumber(track.daily_races)],
    ['Race interval', track.race_intervals === null ? '—' : `${track.race_intervals} min`],
    ['Surface', track.surface_type ?? '—'],
    ['Condition', track.track_condition ?? '—'],
    ['Weather', track.weather ?? '—'],
    ['Distance', formatDistance(track.furlongs, track.miles)],
    ['Purse', formatCents(track.purse_cents)],
  ];
  return (
    <table className="key-values track-summary">
      <caption>{track.track_name}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayRaces({ trackId, date, utcOffsetMinutes }: { trackId: number; date: string; utcOffsetMinutes: number }) {
  const races = useTrackRaces(trackId, date);
  if (races.isPending) return <Loading text="Loading races..." />;
  if (races.isError) return <ErrorMessage error={races.error} text="Unable to load the races." />;
  if (races.data.items.length === 0) return <EmptyState>No races on {date}.</EmptyState>;
  return (
    <div className="table-scroll">
      <table>
        <caption>Races on {date}</caption>
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Name</th>
            <th scope="col">Date</th>
            <th scope="col">Starting time</th>
            <th scope="col">Class</th>
            <th scope="col">Horses</th>
          </tr>
        </thead>
        <tbody>
          {races.data.items.map((race) => {
            const href = `/page-race/${race.id}`;
            return (
              <LinkRow key={race.id} href={href}>
                <td>{race.id}</td>
                <td>{race.race_name}</td>
                <td>{race.race_date}</td>
                <td>
                  <TimeOfDay
                    at={trackClockInstant(race.race_date, race.starting_time, utcOffsetMinutes)}
                    trackOffset={utcOffsetMinutes}
                  />
                </td>
                <td>{race.race_class ?? '—'}</td>
                <td>{formatNumber(race.num_horses)}</td>
              </LinkRow>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
