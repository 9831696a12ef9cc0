import { type CurrentRaceStatus, RACE_CANCEL_REASON_TEXT, type RaceCancelReason } from '@furlong/contracts';
import { formatCountdown, formatTimeOfDay } from '../../../lib/format';
import { useServerNow } from '../../../lib/server-clock';

const STATUS_LABELS: Record<CurrentRaceStatus, string> = {
  scheduled: 'Scheduled',
  open: 'Open for betting',
  closed: 'Betting closed',
  running: 'Running',
  finished: 'Finished',
  cancelled: 'Cancelled',
};

export function statusLabel(status: CurrentRaceStatus | string): string {
  return STATUS_LABELS[status as CurrentRaceStatus] ?? status;
}

/** A race's phase with why it was cancelled: "Cancelled: the server was not running at post time". */
export function raceStatusText(status: CurrentRaceStatus, cancelReason?: RaceCancelReason | null): string {
  if (status !== 'cancelled') return statusLabel(status);
  return cancelReason ? `Cancelled: ${RACE_CANCEL_REASON_TEXT[cancelReason]}` : statusLabel(status);
}

export const POST_TIME_PASSED = 'Post time passed';

/**
 * What is left until post time, by the server's clock: a countdown, or "Post time passed" once it
 * is reached. Unlike the old client it never rolls over to count to the next day's post.
 */
export function postCountdown(postTimeIso: string, nowMs: number): { passed: boolean; text: string } {
  const remaining = Date.parse(postTimeIso) - nowMs;
  if (!Number.isFinite(remaining)) return { passed: false, text: '—' };
  // Whole seconds rounded up, so the countdown and the clock beside it add up to post time.
  return remaining > 0
    ? { passed: false, text: formatCountdown(Math.ceil(remaining / 1000) * 1000) }
    : { passed: true, text: POST_TIME_PASSED };
}

/** The server's racing clock, ticking every second, in the viewer's own time zone (labelled). */
export function LiveClock({ label = 'Time' }: { label?: string }) {
  const now = useServerNow();
  return (
    <p className="live-clock">
      <span className="live-clock-label">{label}</span>{' '}
      <time dateTime={new Date(now).toISOString()}>{formatTimeOfDay(now, { seconds: true, date: true })}</time>
    </p>
  );
}

/** A countdown to post time that ticks every second (a table cell's text). */
export function PostCountdown({ postTime }: { postTime: string }) {
  const now = useServerNow();
  return <>{postCountdown(postTime, now).text}</>;
}

/** Furlongs with miles: "6 f (0.75 mi)". */
export function formatDistance(furlongs: number | null | undefined, miles?: number | null): string {
  if (furlongs === null || furlongs === undefined) return '—';
  return miles === null || miles === undefined ? `${furlongs} f` : `${furlongs} f (${miles} mi)`;
}

/** A positive integer id from route or query text, or null. */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
