import type { ConnectionStatsResponse, WinBreakdown } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import type { ConnectionKind } from '../../../api/connection-stats';
import { useEarningsSummary } from '../../../api/earnings-summary';
import { compactCents } from '../../../components/charts/chart-format';
import { ColumnChart } from '../../../components/charts/column-chart';
import { TimeChart } from '../../../components/charts/time-chart';
import { StatCards } from '../../../components/ui/stat-cards';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents, formatNumber } from '../../../lib/format';
import { type Bar, BarChart } from './bar-chart';
import { formatDecimal, pct, titleCase, winNote } from './stats-format';

/** Win-percent bars of a breakdown, each noting the wins and starts behind it. */
export function winBars(rows: readonly WinBreakdown[], label: (key: string) => string = titleCase): Bar[] {
  return rows.map((r) => ({
    key: r.key,
    label: label(r.key),
    value: r.win_pct,
    display: pct(r.win_pct),
    note: winNote(r.wins, r.starts),
  }));
}

const INSIDE_POSTS = 3;

/** Posts 1–3 against 4 and out, summed from the by-post figures. */
function insideOutside(byPost: readonly WinBreakdown[]): WinBreakdown[] {
  const sum = (rows: readonly WinBreakdown[], key: string): WinBreakdown => {
    const starts = rows.reduce((n, r) => n + r.starts, 0);
    const wins = rows.reduce((n, r) => n + r.wins, 0);
    return { key, starts, wins, win_pct: starts > 0 ? Math.round((10000 * wins) / starts) / 100 : 0 };
  };
  return [
    sum(byPost.slice(0, INSIDE_POSTS), `Inside (posts 1–${INSIDE_POSTS})`),
    sum(byPost.slice(INSIDE_POSTS), `Outside (posts ${INSIDE_POSTS + 1}+)`),
  ];
}

/** Wins, 2nds, 3rds and the rest as one bar split in proportion. */
function FinishSplit({ stats }: { stats: ConnectionStatsResponse }) {
  const unplaced = Math.max(0, stats.starts - stats.wins - stats.places - stats.shows);
  const parts = [
    { key: 'win', label: 'Won', count: stats.wins },
    { key: 'place', label: '2nd', count: stats.places },
    { key: 'show', label: '3rd', count: stats.shows },
    { key: 'out', label: 'Unplaced', count: unplaced },
  ];
  const share = (n: number) => (stats.starts > 0 ? (100 * n) / stats.starts : 0);
  return (
    <figure className="finish-split">
      <figcaption className="bar-chart-title">Where the starts finished</figcaption>
      <div className="finish-split-bar" aria-hidden="true">
        {parts.map((p) =>
          p.count > 0 ? (
            <span key={p.key} className={`split-${p.key}`} style={{ width: `${share(p.count)}%` }} />
          ) : null,
        )}
      </div>
      <ul className="finish-split-legend">
        {parts.map((p) => (
          <li key={p.key}>
            <span className={`legend-swatch split-${p.key}`} aria-hidden="true" />
            {p.label}: {formatNumber(p.count)} ({pct(share(p.count))})
          </li>
        ))}
      </ul>
    </figure>
  );
}

const EARNINGS_PARAM: Record<ConnectionKind, string> = { jockeys: 'jockey', trainers: 'trainer' };

/** The running total of a jockey's or trainer's earnings, with a link to the earnings page. */
function EarningsOverTime({ kind, stats }: { kind: ConnectionKind; stats: ConnectionStatsResponse }) {
  const earnings = useEarningsSummary(kind, stats.id);
  if (earnings.isPending) return <Loading text="Loading the earnings…" />;
  if (earnings.isError) return <ErrorMessage error={earnings.error} />;
  const { timeline } = earnings.data;
  return (
    <TimeChart
      caption="Earnings over time"
      days={timeline.map((p) => p.date)}
      series={[{ label: 'Running total', values: timeline.map((p) => p.cumulative_cents), step: true }]}
      format={formatCents}
      axisFormat={compactCents}
      note={
        <>
          Purse money won, as a running total.{' '}
          <Link to={`/earnings?${EARNINGS_PARAM[kind]}=${stats.id}`}>
            Earnings by year, track and horse <span className="visually-hidden">of {stats.name}</span>
          </Link>
        </>
      }
    />
  );
}

/** Jockey or trainer stats: the headline figures and win rates by surface, condition and distance. */
export function ConnectionStats({ kind, stats }: { kind: ConnectionKind; stats: ConnectionStatsResponse }) {
  return (
    <>
      <StatCards
        label="Headline figures"
        cards={[
          { label: 'Starts', value: formatNumber(stats.starts) },
          { label: 'Wins', value: formatNumber(stats.wins) },
          { label: '2nds', value: formatNumber(stats.places) },
          { label: '3rds', value: formatNumber(stats.shows) },
          { label: 'Win %', value: pct(stats.win_pct) },
          { label: 'In the money %', value: pct(stats.itm_pct), detail: 'finished 1st, 2nd or 3rd' },
          { label: 'Earnings', value: formatCents(stats.earnings_cents) },
          { label: 'Avg speed figure', value: formatDecimal(stats.avg_speed_figure, 1) },
          { label: 'Avg finish', value: formatDecimal(stats.avg_finish_position, 2) },
        ]}
      />
      {stats.starts === 0 ? (
        <EmptyState>No starts yet.</EmptyState>
      ) : (
        <>
          <FinishSplit stats={stats} />
          <div className="chart-grid">
            <BarChart title="Win % by surface" bars={winBars(stats.by_surface)} />
            <BarChart title="Win % by track condition" bars={winBars(stats.by_condition)} />
            <BarChart title="Win % by distance" bars={winBars(stats.by_distance, String)} />
          </div>
          <EarningsOverTime kind={kind} stats={stats} />
        </>
      )}
    </>
  );
}

/** Win % per post as columns, with the overall rate as a dashed level across them. */
export function PostPositionChart({
  rows,
  overall,
  caption = 'Win % by post position',
  note,
}: {
  rows: readonly WinBreakdown[];
  /** Win percent over every start. */
  overall: number;
  caption?: string;
  note?: string;
}) {
  return (
    <ColumnChart
      caption={caption}
      categoryLabel="Post"
      categories={rows.map((r) => r.key)}
      label="Win %"
      values={rows.map((r) => r.win_pct)}
      format={pct}
      reference={{ value: overall, label: `All posts ${pct(overall)}` }}
      details={[
        { label: 'Wins', cells: rows.map((r) => formatNumber(r.wins)) },
        { label: 'Starts', cells: rows.map((r) => formatNumber(r.starts)) },
      ]}
      note={note}
    />
  );
}

/** Jockey or trainer style: the reading, then the figures it is read from. */
export function ConnectionStyle({ stats }: { stats: ConnectionStatsResponse }) {
  return (
    <>
      <section className="style-card" aria-labelledby="style-label">
        <p className="card-kicker">Style</p>
        <h3 id="style-label" className="style-label">
          {stats.style.label}
        </h3>
        <p className="style-description">{stats.style.description}</p>
        <p className="hint">
          Overall win rate {pct(stats.win_pct)} ({winNote(stats.wins, stats.starts)}).
        </p>
      </section>
      {stats.starts === 0 ? (
        <EmptyState>No starts yet.</EmptyState>
      ) : (
        <>
          <h3>The figures behind it</h3>
          <div className="chart-grid">
            <BarChart title="Sprint vs route: win %" bars={winBars(stats.by_distance, String)} />
            <BarChart
              title="Inside vs outside posts: win %"
              bars={winBars(insideOutside(stats.by_post_position), String)}
            />
            <BarChart title="Win % by surface" bars={winBars(stats.by_surface)} />
          </div>
          <PostPositionChart
            rows={stats.by_post_position}
            overall={stats.win_pct}
            note="Posts 1 to 12, inside to outside; the dashed line is the win rate from every post."
          />
        </>
      )}
    </>
  );
}
