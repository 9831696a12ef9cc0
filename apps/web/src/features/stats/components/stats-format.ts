import { formatNumber, formatPercent } from '../../../lib/format';

/** A figure with a fixed number of decimals and thousands separators; a dash for none. */
export function formatDecimal(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Milliseconds per furlong as seconds: 12345.6 → 12.35 s. */
export function formatPerFurlong(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '—' : `${(ms / 1000).toFixed(2)} s`;
}

/** Furlongs as a distance: 6 → 6 f, 8.5 → 8.5 f. */
export function formatFurlongs(furlongs: number | null | undefined): string {
  return furlongs === null || furlongs === undefined ? '—' : `${Number(furlongs.toFixed(2))} f`;
}

/** Win percent with the count behind it: "14.3% · 3 of 21". */
export function winNote(wins: number, starts: number): string {
  return `${formatNumber(wins)} ${wins === 1 ? 'win' : 'wins'} from ${formatNumber(starts)} ${starts === 1 ? 'start' : 'starts'}`;
}

export const pct = (value: number | null | undefined) => formatPercent(value, 1);

/** A value from the data ('fast', 'turf') read as a label: Fast, Turf. */
export function titleCase(text: string): string {
  return text.replace(/(^|[\s/-])(\p{L})/gu, (_m, sep: string, letter: string) => sep + letter.toUpperCase());
}

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Two calendar days as a span: "Jul 5 – Nov 1" and "2026 · 120 days". */
export function formatDaySpan(first: string | null, last: string | null): { value: string; detail?: string } {
  if (!first || !last) return { value: '—' };
  const [a, b] = [new Date(`${first}T00:00:00Z`), new Date(`${last}T00:00:00Z`)];
  if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return { value: `${first} – ${last}` };
  const days = Math.round((b.getTime() - a.getTime()) / 86_400_000) + 1;
  const [ya, yb] = [a.getUTCFullYear(), b.getUTCFullYear()];
  const years = ya === yb ? String(ya) : `${ya}–${yb}`;
  const value = first === last ? shortDay.format(a) : `${shortDay.format(a)} – ${shortDay.format(b)}`;
  return { value, detail: `${years} · ${days} ${days === 1 ? 'day' : 'days'}` };
}
