import {
  type ConnectionStatsResponse,
  type LeadersQuery,
  type LeadersResponse,
  ROUTE_KEY,
  SPRINT_KEY,
  STATS_LIMITS,
  type StatsOverviewResponse,
  type TrackConditionsResponse,
  type TrackTypesResponse,
  type WinBreakdown,
} from '@furlong/contracts';
import { classifyConnectionStyle, MAX_RUNNERS, type WinRecord } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { type ConnectionKind, type FigureRow, RaceHistoryFigures } from '../catalog/race-history-figures';
import { notFound } from '../common/api-error';

const TOP = 5;
/** Posts 1–3 count as inside for the style reading. */
const INSIDE_POSTS = 3;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Percent with two decimals; 0 for no starts. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? round2((100 * part) / whole) : 0;
}

function breakdown(record: { key: string } & WinRecord): WinBreakdown {
  return { key: record.key, starts: record.starts, wins: record.wins, win_pct: percent(record.wins, record.starts) };
}

/** The rows of one dimension, keyed; listed keys always appear (with zeros when absent). */
function group(
  rows: readonly FigureRow[],
  dimension: FigureRow['dimension'],
  keys?: readonly string[],
): WinBreakdown[] {
  const found = rows
    .filter((r) => r.dimension === dimension && r.key !== null)
    .map((r) => breakdown({ key: r.key as string, starts: r.starts, wins: r.wins }));
  if (!keys) return found.sort((a, b) => b.starts - a.starts || a.key.localeCompare(b.key));
  return keys.map((key) => found.find((f) => f.key === key) ?? { key, starts: 0, wins: 0, win_pct: 0 });
}

const POST_KEYS = Array.from({ length: MAX_RUNNERS }, (_, i) => String(i + 1));

/** Figures from the official results: jockey and trainer pages, leader boards, overview, going. */
@Injectable()
export class StatsService {
  constructor(@Inject(RaceHistoryFigures) private readonly figures: RaceHistoryFigures) {}

  async connection(kind: ConnectionKind, id: number): Promise<ConnectionStatsResponse> {
    const name = await this.figures.findName(kind, id);
    if (name === undefined) throw notFound(kind === 'jockeys' ? 'Jockey' : 'Trainer', id);
    const [rows, recent] = await Promise.all([
      this.figures.connectionFigures(kind, id),
      this.figures.recentStarts(kind, id, STATS_LIMITS.recentStarts),
    ]);
    const all = rows.find((r) => r.dimension === 'all');
    const starts = all?.starts ?? 0;
    const wins = all?.wins ?? 0;
    const places = all?.places ?? 0;
    const shows = all?.shows ?? 0;
    const bySurface = group(rows, 'surface');
    const byDistance = group(rows, 'distance', [SPRINT_KEY, ROUTE_KEY]);
    const byPost = group(rows, 'post', POST_KEYS);
    const sum = (list: WinBreakdown[]): WinRecord =>
      list.reduce((a, b) => ({ starts: a.starts + b.starts, wins: a.wins + b.wins }), { starts: 0, wins: 0 });
    return {
      id,
      name,
      starts,
      wins,
      places,
      shows,
      win_pct: percent(wins, starts),
      itm_pct: percent(wins + places + shows, starts),
      earnings_cents: all?.earnings_cents ?? 0,
      avg_speed_figure: starts > 0 ? (all?.avg_speed_figure ?? null) : null,
      avg_finish_position: starts > 0 ? (all?.avg_finish_position ?? null) : null,
      by_surface: bySurface,
      by_condition: group(rows, 'condition'),
      by_distance: byDistance,
      by_post_position: byPost,
      style: classifyConnectionStyle({
        role: kind === 'jockeys' ? 'jockey' : 'trainer',
        overall: { starts, wins },
        sprint: byDistance[0] as WinBreakdown,
        route: byDistance[1] as WinBreakdown,
        bySurface,
        inside: sum(byPost.slice(0, INSIDE_POSTS)),
        outside: sum(byPost.slice(INSIDE_POSTS)),
      }),
      recent,
    };
  }

  async leaders({ kind, sort, limit, min_starts }: LeadersQuery): Promise<LeadersResponse> {
    const minStarts = min_starts ?? (sort === 'win_pct' ? STATS_LIMITS.winPctDefaultMinStarts : 1);
    const items = await this.figures.leaders(kind, sort, limit, minStarts);
    return { kind, sort, limit, min_starts: minStarts, items };
  }

  async overview(): Promise<StatsOverviewResponse> {
    const [totals, byPost, byFieldSize, topHorses, topJockeys, topTrainers] = await Promise.all([
      this.figures.overviewTotals(),
      this.figures.startsByPostPosition(),
      this.figures.racesByFieldSize(),
      this.figures.leaders('horses', 'wins', TOP, 1),
      this.figures.leaders('jockeys', 'wins', TOP, 1),
      this.figures.leaders('trainers', 'wins', TOP, 1),
    ]);
    return {
      races: totals.races,
      starters: totals.starters,
      avg_field_size: totals.avg_field_size ?? 0,
      avg_winning_time_per_furlong_ms: totals.avg_winning_time_per_furlong_ms,
      first_date: totals.first_date,
      last_date: totals.last_date,
      by_post_position: byPost.map(breakdown),
      by_field_size: byFieldSize,
      top_horses: topHorses,
      top_jockeys: topJockeys,
      top_trainers: topTrainers,
    };
  }

  async trackConditions(): Promise<TrackConditionsResponse> {
    return { items: await this.figures.trackConditions() };
  }

  async trackTypes(): Promise<TrackTypesResponse> {
    return { items: await this.figures.trackTypes() };
  }
}
