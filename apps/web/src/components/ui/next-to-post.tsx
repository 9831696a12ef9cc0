import {
  type NextToPostRace,
  type NextToPostResponse,
  type NextToPostTrack,
  RACE_CANCEL_REASON_TEXT,
  type RaceCancelReason,
} from '@furlong/contracts';
import { minutesToPost } from '@furlong/domain';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useNextToPost } from '../../api/next-to-post';
import { ApiError } from '../../lib/api-client';
import { formatRaceNumbers } from '../../lib/format';
import { useServerNow } from '../../lib/server-clock';
import { useSession } from '../../lib/session';
import { Loading } from './status';
import { TimeOfDay } from './time-of-day';

/** A race this close to post (racing minutes) is marked as going soon. */
const SOON_MTP = 2;

/** Minutes to post by the server's racing clock at `nowMs`: "5 MTP", or "At post" once post time is reached. */
export function mtpText(postTime: string, nowMs: number): { mtp: number; text: string } {
  const mtp = minutesToPost(Date.parse(postTime), nowMs);
  return { mtp, text: mtp > 0 ? `${mtp} MTP` : 'At post' };
}

/** Why a race was cancelled, as a sentence's end: "the server was not running at post time". */
export function cancelReasonText(reason: RaceCancelReason | null | undefined): string {
  return reason ? RACE_CANCEL_REASON_TEXT[reason] : 'no reason was recorded';
}

/** Where a race of the board leads: its race card for a member (to bet), its race screen for a visitor. */
export function raceHref(race: { id: number; track_id: number }, member: boolean): string {
  return member ? `/race-card?raceId=${race.id}&trackId=${race.track_id}` : `/race/${race.id}`;
}

/**
 * Next to post, as on every ADW: the races about to go off across all tracks, soonest first, with
 * minutes to post counting down by the server's racing clock; then the tracks with no racing left
 * today, and the day's cancelled races with the reason.
 */
export function NextToPost({ limit = 5, title = 'Next to post' }: { limit?: number; title?: string }) {
  const board = useNextToPost();
  const titleId = useId();
  return (
    <section className="next-to-post" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {board.isPending ? (
        <Loading text="Loading the races next to post..." />
      ) : board.data ? (
        <Board board={board.data} limit={limit} />
      ) : (
        // A side panel: its failure is said plainly, not announced as an alert over the page's own.
        <p className="status status-error">
          The races next to post could not be loaded.
          {board.error instanceof ApiError && board.error.status > 0 ? ` (${board.error.message})` : null}
        </p>
      )}
    </section>
  );
}

function Board({ board, limit }: { board: NextToPostResponse; limit: number }) {
  const member = useSession() !== null;
  // One clock for the whole list: every row counts down together, by the server's racing clock.
  const now = useServerNow();
  const races = board.races.slice(0, limit);
  const over = board.tracks.filter((t) => !t.next_race);
  return (
    <>
      {races.length === 0 ? (
        <p className="status status-empty">
          {board.tracks.length > 0 && over.length === board.tracks.length
            ? 'No racing left today at any track.'
            : 'No races are about to go off.'}
        </p>
      ) : (
        <ol className="ntp-list">
          {races.map((race) => (
            <NextRace key={race.id} race={race} member={member} now={now} />
          ))}
        </ol>
      )}
      <TracksDone tracks={over} />
      <Cancelled tracks={board.tracks} />
    </>
  );
}

function NextRace({ race, member, now }: { race: NextToPostRace; member: boolean; now: number }) {
  const { mtp, text } = mtpText(race.post_time, now);
  return (
    <li className="ntp-race">
      <span className={mtp <= SOON_MTP ? 'mtp soon' : 'mtp'} role="timer" aria-label={`${race.race_name}: ${text}`}>
        {text}
      </span>
      <span className="ntp-what">
        <Link to={raceHref(race, member)}>
          {race.track_name} · Race {race.race_number}
        </Link>
        <span className="hint">
          {' '}
          <TimeOfDay at={race.post_time} /> · {race.num_horses} runners
          {race.status === 'open' ? <span className="tag">Betting open</span> : null}
        </span>
      </span>
    </li>
  );
}

function dayLeft(track: NextToPostTrack): string {
  if (track.running_race) return `Race ${track.running_race.race_number} running, no more after it today`;
  return track.races_today === 0 ? 'no racing today' : 'no racing left today';
}

function TracksDone({ tracks }: { tracks: NextToPostTrack[] }) {
  if (tracks.length === 0) return null;
  return (
    <details className="ntp-details">
      <summary>{tracks.length === 1 ? '1 track has' : `${tracks.length} tracks have`} no racing left today</summary>
      <ul>
        {tracks.map((t) => (
          <li key={t.track_id}>
            {t.track_name}: {dayLeft(t)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Cancelled({ tracks }: { tracks: NextToPostTrack[] }) {
  const hit = tracks.filter((t) => t.cancelled_race_numbers.length > 0);
  if (hit.length === 0) return null;
  const races = hit.reduce((n, t) => n + t.cancelled_race_numbers.length, 0);
  const reasons = new Set(hit.map((t) => t.cancel_reason));
  const [only] = reasons;
  return (
    <details className="ntp-details">
      <summary>
        {races === 1 ? '1 race' : `${races} races`} cancelled today
        {hit.length > 1 ? ` at ${hit.length} tracks` : ` at ${hit[0]?.track_name}`}
        {reasons.size === 1 ? `: ${cancelReasonText(only)}` : ''}
      </summary>
      <ul>
        {hit.map((t) => (
          <li key={t.track_id}>
            {t.track_name}: {formatRaceNumbers(t.cancelled_race_numbers)} cancelled
            {/* One reason for all is said once, above. */}
            {reasons.size > 1 ? `, ${cancelReasonText(t.cancel_reason)}` : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
