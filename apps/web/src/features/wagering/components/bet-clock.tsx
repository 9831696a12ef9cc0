import { formatCountdown, formatTimeOfDay } from '../../../lib/format';
import { useServerNow } from '../../../lib/server-clock';

export const POST_TIME_PASSED = 'Post time passed';

/** An ISO instant as a time of day in the viewer's zone, labelled (7:05 PM EST), or a dash when it is not a time. */
export function clockTime(iso: string | null | undefined): string {
  return formatTimeOfDay(iso);
}

/** The server's clock, the post time and the countdown to it (by the server's clock, never rolling to tomorrow). */
export function BetClock({ postTime }: { postTime: string }) {
  const now = useServerNow();
  const remaining = Date.parse(postTime) - now;
  return (
    <section className="race-clock bet-clock" aria-label="Race clock">
      <p>
        <span className="live-clock-label">Time</span>{' '}
        <time dateTime={new Date(now).toISOString()}>{formatTimeOfDay(now, { seconds: true })}</time>
      </p>
      <p>
        <span className="live-clock-label">Post time</span> {clockTime(postTime)}
      </p>
      <p>
        <span className="live-clock-label">To post</span>{' '}
        <span className="countdown" role="timer" aria-label="Countdown to post">
          {Number.isFinite(remaining)
            ? remaining > 0
              ? formatCountdown(Math.ceil(remaining / 1000) * 1000)
              : POST_TIME_PASSED
            : '—'}
        </span>
      </p>
    </section>
  );
}
