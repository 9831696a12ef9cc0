import { formatMoney, racePostTime } from '@furlong/domain';

const whole = new Intl.NumberFormat('en-US');

/**
 * Integer cents as dollars with two decimals and thousands separators: 123456 → $1,234.56. The
 * rule is the domain's formatMoney (the server's too); the web adds a dash for a missing amount
 * and reads cents sent as text.
 */
export function formatCents(cents: number | string | null | undefined): string {
  if (cents === null || cents === undefined || cents === '') return '—';
  return formatMoney(Number(cents));
}

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : whole.format(value);
}

export function formatPercent(value: number | null | undefined, digits = 1): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(digits)}%`;
}

/** Milliseconds as a race time (the results and the race clock): 84778 → 1:24.78, 5000 → 5.00. */
export function formatRaceTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  const minutes = Math.floor(ms / 60000);
  const seconds = ((ms % 60000) / 1000).toFixed(2);
  return minutes > 0 ? `${minutes}:${seconds.padStart(5, '0')}` : seconds;
}

/** A countdown: 3725000 → 1:02:05, 65000 → 1:05. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export interface TimeOfDayOptions {
  /** With seconds, for a clock that ticks: 7:05:09 PM EST. */
  seconds?: boolean;
  /** With the day before it: Nov 23, 7:05 PM EST. */
  date?: boolean;
  /** An IANA time zone; absent, the viewer's chosen one (settings), else the browser's (tests fix one). */
  timeZone?: string;
  /** A fixed offset from UTC instead of a zone, as a track keeps its clock: 1:05 PM UTC−5. */
  utcOffsetMinutes?: number;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

// The viewer's chosen zone (their settings); undefined: the browser's own.
let displayTimeZone: string | undefined;

/** Shows every later time of day in `zone` (an IANA name), or in the browser's own zone with null. */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayTimeZone = zone ?? undefined;
}

function timeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', options);
    timeFormats.set(key, format);
  }
  return format;
}

/** A UTC offset in minutes as a label: −300 → UTC−5, 330 → UTC+5:30, 0 → UTC. */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hours = Math.floor(abs / 60);
  const rest = abs % 60;
  return `UTC${minutes < 0 ? '\u2212' : '+'}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/**
 * The one way a time of day is shown: in the viewer's own time zone, labelled with it
 * ("7:05 PM EST"), or with `utcOffsetMinutes` as a track's own clock reads it ("1:05 PM UTC−5").
 * Takes an instant (ISO text, epoch ms or a Date); a dash for anything that is not one.
 */
export function formatTimeOfDay(
  at: string | number | Date | null | undefined,
  { seconds = false, date = false, timeZone, utcOffsetMinutes }: TimeOfDayOptions = {},
): string {
  if (at === null || at === undefined || at === '') return '—';
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (!Number.isFinite(ms)) return '—';
  const fields: Intl.DateTimeFormatOptions = {
    hour: 'numeric',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    ...(date ? { month: 'short', day: 'numeric' } : {}),
  };
  if (utcOffsetMinutes !== undefined) {
    // The track's wall clock: the instant moved by its offset, read as UTC, then labelled.
    const text = timeFormat({ ...fields, timeZone: 'UTC' }).format(ms + utcOffsetMinutes * 60_000);
    return `${text} ${formatUtcOffset(utcOffsetMinutes)}`;
  }
  const zone = timeZone ?? displayTimeZone;
  return timeFormat({ ...fields, timeZoneName: 'short', ...(zone ? { timeZone: zone } : {}) }).format(ms);
}

/**
 * A track's clock time (hh:mm:ss, local at the track) on a calendar day as an instant (ISO), the
 * domain's rule for post times; null when either is missing or not valid. Then it can be shown in
 * the viewer's zone like any other time of day.
 */
export function trackClockInstant(
  date: string | null | undefined,
  clock: string | null | undefined,
  utcOffsetMinutes: number,
): string | null {
  if (!date || !clock) return null;
  try {
    return racePostTime(date, clock, 1, 0, utcOffsetMinutes).toISOString();
  } catch {
    return null;
  }
}

/** Race numbers as a short list with runs joined: [1, 2, 3, 4, 7] → "Races 1–4, 7"; [5] → "Race 5". */
export function formatRaceNumbers(numbers: readonly number[]): string {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  const runs: string[] = [];
  let start = sorted[0] as number;
  let end = start;
  for (const n of [...sorted.slice(1), Number.NaN]) {
    if (n === end + 1) {
      end = n;
      continue;
    }
    runs.push(start === end ? `${start}` : end === start + 1 ? `${start}, ${end}` : `${start}\u2013${end}`);
    start = n;
    end = n;
  }
  return `${sorted.length === 1 ? 'Race' : 'Races'} ${runs.join(', ')}`;
}

/** Column names read as labels: earnings_cents → Earnings, horse_name → Horse name. */
export function columnLabel(column: string): string {
  const text = column.replace(/_cents$/, '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const CLOCK_TIME = /^(\d{2}):(\d{2})(?::\d{2})?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A track's local clock time of day ("13:05:00"), as a fan reads it: "1:05 PM track time". */
export function formatTrackClock(clock: string): string {
  const match = CLOCK_TIME.exec(clock);
  if (!match) return clock;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? 'AM' : 'PM';
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix} track time`;
}

/**
 * A cell value as text: cents as money, lists joined, null as a dash, a track's clock time
 * labelled as such, an instant as the viewer's day and time of day.
 */
export function formatCell(column: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && CLOCK_TIME.test(value)) return formatTrackClock(value);
  if (typeof value === 'string' && INSTANT.test(value)) return formatTimeOfDay(value, { date: true });
  if (column.endsWith('_cents') && !Array.isArray(value)) return formatCents(value as number);
  if (Array.isArray(value)) {
    const items = column.endsWith('_cents') ? value.map((v) => formatCents(v as number)) : value.map(String);
    return items.join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
