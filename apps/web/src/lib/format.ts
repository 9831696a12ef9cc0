import { formatMoney } from '@furlong/domain';

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

/** An ISO instant as the track's clock (UTC), hh:mm:ss. */
export function formatTrackTime(iso: string): string {
  return new Date(iso).toISOString().slice(11, 19);
}

/** Column names read as labels: earnings_cents → Earnings, horse_name → Horse name. */
export function columnLabel(column: string): string {
  const text = column.replace(/_cents$/, '').replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A cell value as text: cents as money, lists joined, null as a dash. */
export function formatCell(column: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column.endsWith('_cents') && !Array.isArray(value)) return formatCents(value as number);
  if (Array.isArray(value)) {
    const items = column.endsWith('_cents') ? value.map((v) => formatCents(v as number)) : value.map(String);
    return items.join(', ');
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
