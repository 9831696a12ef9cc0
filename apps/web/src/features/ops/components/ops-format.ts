import { formatNumber, formatTimeOfDay } from '../../../lib/format';

/** A wall-clock instant (ISO or epoch ms) as the viewer's time of day, labelled: 1:05:09 PM EST. */
export function formatClock(at: string | number): string {
  return formatTimeOfDay(at, { seconds: true });
}

/** How long something has lasted: 45 s, 4 min 12 s, 2 h 05 min, 3 d 4 h. */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${String(m % 60).padStart(2, '0')} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** A rate per second: one decimal below 100 (12.5), whole above (1,234). */
export function formatRate(perSecond: number): string {
  return perSecond < 100 ? perSecond.toFixed(1) : formatNumber(Math.round(perSecond));
}

/** Milliseconds, or a dash when there was nothing to measure: 8.4 ms, 120 ms. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  return `${ms < 10 ? ms.toFixed(1) : formatNumber(Math.round(ms))} ms`;
}

/** A share (0..1) as a percentage: 0.0123 → 1.2%. */
export function formatShare(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Bytes as whole mebibytes: 157286400 → 150 MB. */
export function formatMegabytes(bytes: number): string {
  return `${formatNumber(Math.round(bytes / (1024 * 1024)))} MB`;
}
