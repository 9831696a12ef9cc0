const SECONDS_PER_DAY = 24 * 60 * 60;

/** Parses 'hh:mm' or 'hh:mm:ss' into seconds after midnight; throws on anything else. */
export function parseClockTime(text: string): number {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a clock time (hh:mm:ss): '${text}'`);
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) throw new RangeError(`not a clock time (hh:mm:ss): '${text}'`);
  return h * 3600 + m * 60 + s;
}

/** Formats seconds after midnight as 'hh:mm:ss', wrapping past midnight. */
export function formatClockTime(seconds: number): string {
  const s = ((Math.floor(seconds) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Post time of race n of a card (spec §9): track start + (n − 1) × interval minutes. */
export function raceStartTime(trackStart: string, raceNumber: number, intervalMinutes: number): string {
  if (!Number.isInteger(raceNumber) || raceNumber < 1) throw new RangeError(`race number must be ≥ 1: ${raceNumber}`);
  return formatClockTime(parseClockTime(trackStart) + (raceNumber - 1) * intervalMinutes * 60);
}
