import { formatTimeOfDay, type TimeOfDayOptions } from '../../lib/format';
import { useSettings } from '../../lib/settings';

/**
 * A time of day as every page shows one: in the viewer's zone (settings, else the browser's) and labelled (7:05 PM EST),
 * with the track's own clock beside it when its offset is given (track 1:05 PM UTC−5).
 */
export function TimeOfDay({
  at,
  trackOffset,
  seconds,
  date,
}: {
  at: string | number | null | undefined;
  /** The track's local time minus UTC, in minutes: shows the track's clock beside the viewer's. */
  trackOffset?: number | null;
} & Pick<TimeOfDayOptions, 'seconds' | 'date'>) {
  // The viewer's chosen zone (settings); null: the browser's own.
  const timeZone = useSettings().time_zone ?? undefined;
  const ms = typeof at === 'number' ? at : at ? Date.parse(at) : Number.NaN;
  if (!Number.isFinite(ms)) return <>—</>;
  return (
    <>
      <time dateTime={new Date(ms).toISOString()}>{formatTimeOfDay(ms, { seconds, date, timeZone })}</time>
      {trackOffset === null || trackOffset === undefined ? null : (
        <span className="track-time">
          <span className="track-time-sep"> · </span>track{' '}
          {formatTimeOfDay(ms, { seconds, utcOffsetMinutes: trackOffset })}
        </span>
      )}
    </>
  );
}
