import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTrackCard } from '../../../api/track-card';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { PROGRAM_TRACK_COUNT_DEFAULT, PROGRAM_TRACK_COUNTS } from '../../../config/ui';
import { formatCents, formatNumber } from '../../../lib/format';
import { useServerNow } from '../../../lib/server-clock';
import { type TrackRecord, useTracks } from '../api/tracks';
import { formatClock, formatDistance, LiveClock, parseId, postCountdown } from './race-clock';

export const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
/** Spec §8: what the program card says when no track matches the chosen letter. */
export const NO_TRACKS_NOTICE = 'First Reload could take a few seconds...';

/** The first letter of a track's location, upper-cased ('' when it has none). */
export function locationInitial(track: Pick<TrackRecord, 'location'>): string {
  return (track.location ?? '').trim().charAt(0).toUpperCase();
}

/** Tracks whose location starts with `letter` (all of them for null), at most `count`, in the given order. */
export function filterTracks<T extends Pick<TrackRecord, 'location'>>(
  tracks: readonly T[],
  letter: string | null,
  count: number,
): T[] {
  return (letter ? tracks.filter((t) => locationInitial(t) === letter) : [...tracks]).slice(0, count);
}

/**
 * /program-card and /program-card/:trackId: the server clock, a tracks-number selector, A–Z
 * filters on the location's initial and the track list; a picked track shows its details with
 * the way to its weekly race dates and today's card.
 */
export function ProgramCardPage() {
  const { trackId: trackParam } = useParams();
  const tracks = useTracks();
  const [count, setCount] = useState<number>(PROGRAM_TRACK_COUNT_DEFAULT);
  const [letter, setLetter] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(() => parseId(trackParam));

  // Opening /program-card/:trackId for another track (a link, back/forward) picks that one.
  const [seenParam, setSeenParam] = useState(trackParam);
  if (seenParam !== trackParam) {
    setSeenParam(trackParam);
    setSelectedId(parseId(trackParam));
  }

  const all = tracks.data?.items ?? [];
  const shown = useMemo(() => filterTracks(all, letter, count), [all, letter, count]);
  const matching = letter ? all.filter((t) => locationInitial(t) === letter).length : all.length;
  const selected = selectedId === null ? undefined : all.find((t) => t.id === selectedId);

  return (
    <Page title="Program Card" actions={<LiveClock />}>
      <div className="table-controls">
        <div className="control">
          <label htmlFor="program-track-count">Tracks shown</label>
          <select id="program-track-count" value={count} onChange={(e) => setCount(Number(e.target.value))}>
            {PROGRAM_TRACK_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="letter-bar">
        <legend>Location starts with</legend>
        <button
          type="button"
          className={letter === null ? 'button small' : 'button secondary small'}
          aria-pressed={letter === null}
          onClick={() => setLetter(null)}
        >
          All
        </button>
        {LETTERS.map((l) => (
          <button
            key={l}
            type="button"
            className={letter === l ? 'button small letter' : 'button secondary small letter'}
            aria-pressed={letter === l}
            onClick={() => setLetter(l)}
          >
            {l}
          </button>
        ))}
      </fieldset>

      {tracks.isPending ? (
        <Loading text="Loading tracks..." />
      ) : tracks.isError ? (
        <ErrorMessage error={tracks.error} text="Unable to load the tracks." />
      ) : (
        <div className={selectedId === null ? 'program-layout' : 'program-layout with-details'}>
          <div>
            {shown.length === 0 ? (
              <>
                <p className="notice" role="status">
                  {NO_TRACKS_NOTICE}
                </p>
                <p>{letter ? `No tracks start with ${letter}` : 'No tracks yet.'}</p>
              </>
            ) : (
              <TrackList tracks={shown} total={matching} selectedId={selectedId} onSelect={setSelectedId} />
            )}
          </div>
          {selectedId === null ? null : selected ? (
            <TrackDetails track={selected} onClose={() => setSelectedId(null)} />
          ) : (
            <aside className="track-details" aria-label="Track details">
              <ErrorMessage text={`No track with id ${selectedId}.`} />
              <button type="button" className="button secondary" onClick={() => setSelectedId(null)}>
                Close
              </button>
            </aside>
          )}
        </div>
      )}
    </Page>
  );
}

function TrackList({
  tracks,
  total,
  selectedId,
  onSelect,
}: {
  tracks: TrackRecord[];
  total: number;
  selectedId: number | null;
  onSelect(id: number): void;
}) {
  return (
    <div className="table-scroll">
      <table>
        <caption>
          Tracks ({tracks.length} of {total}) — pick one for its details
        </caption>
        <thead>
          <tr>
            <th scope="col">Track</th>
            <th scope="col">Location</th>
            <th scope="col">First post</th>
            <th scope="col">Races today</th>
          </tr>
        </thead>
        <tbody>
          {tracks.map((t) => (
            <tr
              key={t.id}
              className={t.id === selectedId ? 'clickable selected' : 'clickable'}
              tabIndex={0}
              aria-current={t.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(t.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  onSelect(t.id);
                }
              }}
            >
              <td>{t.track_name}</td>
              <td>{t.location}</td>
              <td>{formatClock(t.start_time ?? t.post_time)}</td>
              <td>{formatNumber(t.daily_races)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TrackDetails({ track, onClose }: { track: TrackRecord; onClose(): void }) {
  const rows: [string, string][] = [
    ['Location', track.location],
    ['Surface', track.surface_type ?? '—'],
    ['Condition', track.track_condition ?? '—'],
    ['Weather', track.weather ?? '—'],
    ['Start time', formatClock(track.start_time)],
    ['Daily races', formatNumber(track.daily_races)],
    ['Race interval', track.race_intervals === null ? '—' : `${track.race_intervals} min`],
    ['Distance', formatDistance(track.furlongs, track.miles)],
    ['Purse', formatCents(track.purse_cents)],
  ];
  return (
    <aside className="track-details" aria-labelledby="track-details-title">
      <h2 id="track-details-title">{track.track_name}</h2>
      <table className="key-values">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <NextPost trackId={track.id} />
        </tbody>
      </table>
      <p className="button-row">
        <Link className="button" to={`/track-race-dates/${track.id}`}>
          Weekly Races
        </Link>
        <Link className="button" to={`/track-card?id=${track.id}&daily_races=${track.daily_races ?? ''}`}>
          Daily Races
        </Link>
        <button type="button" className="button secondary" onClick={onClose}>
          Close
        </button>
      </p>
    </aside>
  );
}

/** The next race of today's card, by the server's clock (loading the card also sets that clock). */
function NextPost({ trackId }: { trackId: number }) {
  const card = useTrackCard(trackId);
  const now = useServerNow();
  let text: string;
  if (card.isPending) text = 'Loading...';
  else if (card.isError) text = "Today's card is not available.";
  else {
    const next = card.data.races.find((r) => !postCountdown(r.post_time, now).passed);
    text = next
      ? `Race ${next.race_number} in ${postCountdown(next.post_time, now).text}`
      : card.data.races.length > 0
        ? "All of today's races are off."
        : 'No races today.';
  }
  return (
    <tr>
      <th scope="row">Next post</th>
      <td>{text}</td>
    </tr>
  );
}
