import { formatOdds } from './pari-mutuel';

/** How a viewer reads odds: the tote board's fractional odds (5-2) or decimal odds (3.50). */
export type OddsFormatName = 'fractional' | 'decimal';

const FRACTIONAL = /^(\d+)\s*[-/]\s*(\d+)$/;

/**
 * Odds to 1 as the viewer reads them: fractional is the tote ladder's entry at or below
 * (2.65 → '5-2'); decimal is that same entry plus the stake, to two places (2.65 → '3.50'), so both
 * formats name the same price.
 */
export function showOdds(toOne: number, format: OddsFormatName): string {
  if (!Number.isFinite(toOne)) return '—';
  const odds = formatOdds(toOne);
  return format === 'decimal' ? odds.decimal.toFixed(2) : odds.fractional;
}

/**
 * Odds already written as a fraction ('5-2', '5/2', a morning line or the tote's display) in the
 * viewer's format: '5-2' → '3.50' in decimal, '5-2' in fractional. Text that is not a fraction
 * (a dash, 'SCR') comes back as it is.
 */
export function showFractionalOdds(text: string, format: OddsFormatName): string {
  const m = FRACTIONAL.exec(text.trim());
  if (!m) return text;
  const num = Number(m[1]);
  const den = Number(m[2]);
  if (den === 0) return text;
  return format === 'decimal' ? (num / den + 1).toFixed(2) : `${num}-${den}`;
}
