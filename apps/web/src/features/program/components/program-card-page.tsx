import type { NextToPostTrack } from '@furlong/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useNextToPost } from '../../../api/next-to-post';
import { cancelReasonText, mtpText } from '../../../components/ui/next-to-post';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { TimeOfDay } from '../../../components/ui/time-of-day';
import { PROGRAM_TRACK_COUNT_DEFAULT, PROGRAM_TRACK_COUNTS } from '../../../config/ui';
import { formatCents, formatNumber, formatRaceNumbers, trackClockInstant } from '../../../lib/format';
import { useServerNow } from '../../../lib/server-clock';
import { type TrackRecord, useTracks } from '../api/tracks';
import { formatDistance, LiveClock, parseId } from './race-clock';

export const LETTERS = Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i));
/** Spec §8: what the program card says when no track matches the chosen letter. */
export const NO_TRACKS_NOTICE = 'First Reload could take a few seconds...';

/** The first letter of a track's location, upper-cased ('' when it has none). */
export function locationInitial(track: Pick<TrackRecord, 'location'>): string {
  return (track.location ?? '').trim().charAt(0).toUpperCase();
}

/** How the track list may be ordered; next to post (the soonest next race first) unless the bettor picks another. */
export const TRACK_SORTS = [
  { value: 'mtp', label: 'Next to post' },
  { value: 'location', label: 'Location' },
  { value: 'name', label: 'Track name' },
] as const;
export type TrackSort = (typeof TRACK_SORTS)[number]['value'];

/**
 * The tracks in the chosen order. 'mtp' follows the next-to-post board (tracks by their next race's
 * post time, then those with no racing left today); tracks the board does not know yet keep their
 * place by location after them. 'location' is the order the tracks came in.
 */
export function sortTracks<T extends Pick<TrackRecord, 'id' | 'track_name'>>(
  tracks: readonly T[],
  sort: TrackSort,
  board: readonly Pick<NextToPostTrack, 'track_id'>[] | undefined,
): T[] {
  if (sort === 'name') return [...tracks].sort((a, b) => a.track_name.localeCompare(b.track_name));
  if (sort === 'location' || !board) return [...tracks];
  const rank = new Map(board.map((t, i) => [t.track_id, i]));
  const at = (t: T) => rank.get(t.id) ?? Number.MAX_SAFE_INTEGER;
  // Array.prototype.sort is stable: equal ranks keep the location order.
  return [...tracks].sort((a, b) => at(a) - at(b));
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
  const board = useNextToPost();
  const [count, setCount] = useState<number>(PROGRAM_TRACK_COUNT_DEFAULT);
  const [sort, setSort] = useState<TrackSort>('mtp');
  const [letter, setLetter] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(() => parseId(trackParam));

  // Opening /program-card/:trackId for another track (a link, back/forward) picks that one.
  const [seenParam, setSeenParam] = useState(trackParam);
  if (seenParam !== trackParam) {
    setSeenParam(trackParam);
    setSelectedId(parseId(trackParam));
  }

  const days = board.data?.tracks;
  const all = useMemo(() => sortTracks(tracks.data?.items ?? [], sort, days), [tracks.data, sort, days]);
  const dayOf = useMemo(() => new Map((days ?? []).map((d) => [d.track_id, d])), [days]);
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
        <div className="control">
          <label htmlFor="program-track-sort">Sort by</label>
          <select id="program-track-sort" value={sort} onChange={(e) => setSort(e.target.value as TrackSort)}>
            {TRACK_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {board.isError && !board.data ? (
        <p className="status status-error">The next races could not be loaded: the tracks are listed by location.</p>
      ) : null}
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
              <TrackList
                tracks={shown}
                total={matching}
                dayOf={dayOf}
                boardLoading={board.isPending}
                selectedId={selectedId}
                onSelect={setSelectedId}
              />
            )}
          </div>
          {selectedId === null ? null : selected ? (
            <TrackDetails track={selected} day={dayOf.get(selected.id)} onClose={() => setSelectedId(null)} />
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
  dayOf,
  boardLoading,
  selectedId,
  onSelect,
}: {
  tracks: TrackRecord[];
  total: number;
  dayOf: ReadonlyMap<number, NextToPostTrack>;
  boardLoading: boolean;
  selectedId: number | null;
  onSelect(id: number): void;
}) {
  const now = useServerNow();
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
            <th scope="col">Next race</th>
            <th scope="col">First post</th>
            <th scope="col">Races today</th>
          </tr>
        </thead>
        <tbody>
          {tracks.map((t) => {
            const day = dayOf.get(t.id);
            return (
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
                <td className="countdown-cell">{day ? <NextRace day={day} now={now} /> : boardLoading ? '…' : '—'}</td>
                <td>
                  <TimeOfDay at={firstPost(t, day)} />
                </td>
                <td>{formatNumber(day && day.races_today > 0 ? day.races_today : t.daily_races)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Race 1's post time today: from the card once made, else from the track's start time on its local day. */
function firstPost(track: TrackRecord, day: NextToPostTrack | undefined): string | null {
  if (!day) return null;
  return day.first_post_time ?? trackClockInstant(day.local_date, track.start_time, day.utc_offset_minutes);
}

/** The track's next race with its minutes to post, or what is left of its day; the cancelled races with why. */
function NextRace({ day, now }: { day: NextToPostTrack; now: number }) {
  let text: ReactNode;
  if (day.next_race) {
    text = (
      <>
        Race {day.next_race.race_number} · <strong>{mtpText(day.next_race.post_time, now).text}</strong>
      </>
    );
  } else if (day.running_race) {
    text = `Race ${day.running_race.race_number} running; no racing left today`;
  } else {
    text = day.races_today === 0 ? 'No racing today' : 'No racing left today';
  }
  return (
    <>
      {text}
      {day.cancelled_race_numbers.length > 0 ? (
        <span className="cancel-reason">
          {' '}
          {formatRaceNumbers(day.cancelled_race_numbers)} cancelled: {cancelReasonText(day.cancel_reason)}
        </span>
      ) : null}
    </>
  );
}

function TrackDetails({
  track,
  day,
  onClose,
}: {
  track: TrackRecord;
  day: NextToPostTrack | undefined;
  onClose(): void;
}) {
  const rows: [string, ReactNode][] = [
    ['Location', track.location],
    ['Surface', track.surface_type ?? '—'],
    ['Condition', track.track_condition ?? '—'],
    ['Weather', track.weather ?? '—'],
    ['Start time', <TimeOfDay key="start" at={firstPost(track, day)} trackOffset={day?.utc_offset_minutes} />],
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
          <NextPost day={day} />
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

/** The next race of the track's day by the server's racing clock, or that there is no racing left today. */
function NextPost({ day }: { day: NextToPostTrack | undefined }) {
  const now = useServerNow();
  let text: ReactNode;
  if (!day) text = 'Loading...';
  else if (day.next_race) {
    text = (
      <>
        Race {day.next_race.race_number} · {mtpText(day.next_race.post_time, now).text} ·{' '}
        <TimeOfDay at={day.next_race.post_time} />
      </>
    );
  } else text = <NextRace day={day} now={now} />;
  return (
    <>
      <tr>
        <th scope="row">Next post</th>
        <td>{text}</td>
      </tr>
      {day?.next_race && day.cancelled_race_numbers.length > 0 ? (
        <tr>
          <th scope="row">Cancelled</th>
          <td>
            {formatRaceNumbers(day.cancelled_race_numbers)}: {cancelReasonText(day.cancel_reason)}
          </td>
        </tr>
      ) : null}
    </>
  );
}
