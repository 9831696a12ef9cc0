/** Starts and wins of one group of races. */
export interface WinRecord {
  starts: number;
  wins: number;
}

/** The figures a jockey's or trainer's style is read from. */
export interface StyleFigures {
  role: 'jockey' | 'trainer';
  overall: WinRecord;
  /** Under 8 furlongs. */
  sprint: WinRecord;
  /** 8 furlongs and over. */
  route: WinRecord;
  bySurface: readonly (WinRecord & { key: string })[];
  /** Posts 1–3. */
  inside: WinRecord;
  /** Posts 4 and out. */
  outside: WinRecord;
}

export interface ConnectionStyle {
  label: string;
  description: string;
}

/** Below this many starts in all, no style is read. */
export const STYLE_MIN_STARTS = 30;
/** Each side of a comparison needs this many starts. */
export const STYLE_MIN_GROUP_STARTS = 15;
/** A clear edge: at least this many percentage points of win rate… */
export const STYLE_MIN_EDGE_POINTS = 5;
/** …and at least this many times the other side's win rate… */
export const STYLE_MIN_EDGE_RATIO = 1.5;
/** …and unlikely to be luck: a one-sided two-proportion z-test at 95% (z ≥ 1.645). */
export const STYLE_MIN_Z = 1.645;

/** Win rate in percent, 0 for no starts. */
export function winPct(record: WinRecord): number {
  return record.starts > 0 ? (100 * record.wins) / record.starts : 0;
}

const pct = (record: WinRecord) => `${winPct(record).toFixed(1)}%`;

function sum(records: readonly WinRecord[]): WinRecord {
  return records.reduce((a, r) => ({ starts: a.starts + r.starts, wins: a.wins + r.wins }), { starts: 0, wins: 0 });
}

/** Two-proportion z statistic of A's win rate over B's (pooled variance); 0 when it is undefined. */
export function winRateZ(a: WinRecord, b: WinRecord): number {
  if (a.starts === 0 || b.starts === 0) return 0;
  const pooled = (a.wins + b.wins) / (a.starts + b.starts);
  const variance = pooled * (1 - pooled) * (1 / a.starts + 1 / b.starts);
  return variance > 0 ? (a.wins / a.starts - b.wins / b.starts) / Math.sqrt(variance) : 0;
}

/** How many points A's win rate clearly beats B's by, or null when it does not (or the sample is too small). */
function edge(a: WinRecord, b: WinRecord): number | null {
  if (a.starts < STYLE_MIN_GROUP_STARTS || b.starts < STYLE_MIN_GROUP_STARTS) return null;
  const [pa, pb] = [winPct(a), winPct(b)];
  const clear = pa - pb >= STYLE_MIN_EDGE_POINTS && pa >= STYLE_MIN_EDGE_RATIO * pb && winRateZ(a, b) >= STYLE_MIN_Z;
  return clear ? pa - pb : null;
}

interface Candidate {
  points: number;
  style: ConnectionStyle;
}

/**
 * Reads a jockey's or trainer's style from their win rates. The rule:
 * - fewer than 30 starts in all: "Not enough starts";
 * - otherwise every comparison below where one side *clearly* wins — both sides have at least 15
 *   starts, the win rate is at least 5 points higher and at least 1.5× the other side's, and the
 *   gap is unlikely to be luck (one-sided two-proportion z-test, z ≥ 1.645) — is a candidate: sprints (< 8 f) against routes (≥ 8 f) gives "Sprint specialist" or "Route
 *   specialist"; one surface against all the others gives "{Surface} specialist"; posts 1–3 against
 *   posts 4 and out gives "Inside-post rider" or "Outside-post rider" ("trainer" for a trainer);
 * - the candidate with the widest gap in points wins (ties: distance, surface, post, in that order);
 * - no candidate: "All-rounder".
 * The description states the figures behind the label.
 */
export function classifyConnectionStyle(figures: StyleFigures): ConnectionStyle {
  const { overall, sprint, route, inside, outside } = figures;
  if (overall.starts < STYLE_MIN_STARTS) {
    return {
      label: 'Not enough starts',
      description: `${overall.starts} start${overall.starts === 1 ? '' : 's'}: a style is read from ${STYLE_MIN_STARTS} or more.`,
    };
  }
  const candidates: Candidate[] = [];
  const add = (points: number | null, label: string, description: string) => {
    if (points !== null) candidates.push({ points, style: { label, description } });
  };

  add(
    edge(sprint, route),
    'Sprint specialist',
    `Wins ${pct(sprint)} of ${sprint.starts} sprints (< 8 f) against ${pct(route)} of ${route.starts} routes (≥ 8 f).`,
  );
  add(
    edge(route, sprint),
    'Route specialist',
    `Wins ${pct(route)} of ${route.starts} routes (≥ 8 f) against ${pct(sprint)} of ${sprint.starts} sprints (< 8 f).`,
  );

  for (const surface of figures.bySurface) {
    const others = sum(figures.bySurface.filter((s) => s.key !== surface.key));
    add(
      edge(surface, others),
      `${surface.key} specialist`,
      `Wins ${pct(surface)} of ${surface.starts} starts on ${surface.key.toLowerCase()} against ${pct(others)} of ${others.starts} on other surfaces.`,
    );
  }

  const noun = figures.role === 'jockey' ? 'rider' : 'trainer';
  add(
    edge(inside, outside),
    `Inside-post ${noun}`,
    `Wins ${pct(inside)} of ${inside.starts} starts from posts 1–3 against ${pct(outside)} of ${outside.starts} from post 4 and out.`,
  );
  add(
    edge(outside, inside),
    `Outside-post ${noun}`,
    `Wins ${pct(outside)} of ${outside.starts} starts from post 4 and out against ${pct(inside)} of ${inside.starts} from posts 1–3.`,
  );

  // Stable: among equal gaps the earlier comparison (distance, surface, post) stays first.
  const best = candidates.reduce<Candidate | null>((a, c) => (a === null || c.points > a.points ? c : a), null);
  if (best) return best.style;
  return {
    label: 'All-rounder',
    description: `No clear edge by distance, surface or post: wins ${pct(overall)} of ${overall.starts} starts (sprints ${pct(sprint)}, routes ${pct(route)}, posts 1–3 ${pct(inside)}, post 4 and out ${pct(outside)}).`,
  };
}
