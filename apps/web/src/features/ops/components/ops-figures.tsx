import type { OpsSnapshot } from '@furlong/contracts';
import { lazy, Suspense, useMemo } from 'react';
import { formatNumber } from '../../../lib/format';
import type { LiveChartSeries } from './live-chart';
import { formatMs, formatRate, formatShare } from './ops-format';

// uPlot loads in a chunk of its own, after the page's figures are on screen.
const LiveChart = lazy(async () => ({ default: (await import('./live-chart')).LiveChart }));

const CHART_HEIGHT = 64;

interface FigureSeries {
  label: string;
  color: string;
  scale?: string;
  read: (snapshot: OpsSnapshot) => number | null;
}

/** One tile: its current value as text, a chart of the last two minutes, red when `alarm` says so. */
interface Figure {
  id: string;
  label: string;
  value: (snapshot: OpsSnapshot) => string;
  series: readonly FigureSeries[];
  alarm?: (snapshot: OpsSnapshot) => boolean;
}

export const FIGURES: readonly Figure[] = [
  {
    id: 'viewers',
    label: 'Viewers',
    value: (s) => formatNumber(s.totals.viewers),
    series: [{ label: 'Viewers', color: '--brand', read: (s) => s.totals.viewers }],
  },
  {
    id: 'frames-per-second',
    label: 'Frames/s',
    value: (s) => formatRate(s.totals.frames_per_second),
    series: [{ label: 'Frames/s', color: '--brand', read: (s) => s.totals.frames_per_second }],
  },
  {
    id: 'bets-per-second',
    label: 'Bets/s',
    value: (s) => `${formatRate(s.totals.bets_per_second)} · ${formatRate(s.totals.refusals_per_second)} refused/s`,
    series: [
      { label: 'Bets/s', color: '--brand', read: (s) => s.totals.bets_per_second },
      { label: 'Refusals/s', color: '--danger', read: (s) => s.totals.refusals_per_second },
    ],
  },
  {
    id: 'tick-lateness',
    label: 'Tick lateness p99',
    value: (s) => formatMs(s.totals.tick_lateness_p99_ms),
    series: [{ label: 'Tick lateness p99', color: '--brand', read: (s) => s.totals.tick_lateness_p99_ms }],
    alarm: (s) => s.instances.some((i) => i.late_since !== null),
  },
  {
    id: 'tote-cycle',
    label: 'Tote cycle',
    value: (s) => formatMs(s.totals.tote_cycle_ms),
    series: [{ label: 'Tote cycle', color: '--brand', read: (s) => s.totals.tote_cycle_ms }],
  },
  {
    id: 'http-requests-per-second',
    label: 'HTTP req/s',
    value: (s) => `${formatRate(s.totals.http_requests_per_second)} · ${formatShare(s.totals.http_error_rate)} errors`,
    series: [
      { label: 'Requests/s', color: '--brand', read: (s) => s.totals.http_requests_per_second },
      // A share, not a rate: its own scale.
      { label: 'Errors (%)', color: '--danger', scale: 'share', read: (s) => s.totals.http_error_rate * 100 },
    ],
  },
  {
    id: 'event-loop-lag',
    label: 'Event-loop lag p99',
    value: (s) => formatMs(s.totals.event_loop_lag_p99_ms),
    series: [{ label: 'Event-loop lag p99', color: '--brand', read: (s) => s.totals.event_loop_lag_p99_ms }],
  },
  {
    id: 'settlement-backlog',
    label: 'Settlement backlog',
    value: (s) => `${formatNumber(Math.round(s.settlement_backlog_seconds))} s`,
    series: [{ label: 'Settlement backlog', color: '--brand', read: (s) => s.settlement_backlog_seconds }],
    alarm: (s) => s.alerts.some((a) => a.kind === 'settlement_late'),
  },
];

/** The figure tiles, each with its live chart over `history` (oldest first, `snapshot` last). */
export function OpsFigures({ snapshot, history }: { snapshot: OpsSnapshot; history: readonly OpsSnapshot[] }) {
  const times = useMemo(() => history.map((s) => Date.parse(s.at) / 1000), [history]);
  return (
    <ul className="ops-figures" aria-label="Figures">
      {FIGURES.map((figure) => (
        <FigureTile key={figure.id} figure={figure} snapshot={snapshot} history={history} times={times} />
      ))}
    </ul>
  );
}

function FigureTile({
  figure,
  snapshot,
  history,
  times,
}: {
  figure: Figure;
  snapshot: OpsSnapshot;
  history: readonly OpsSnapshot[];
  times: readonly number[];
}) {
  const series = useMemo<LiveChartSeries[]>(
    () => figure.series.map(({ read, ...line }) => ({ ...line, values: history.map(read) })),
    [figure, history],
  );
  const red = figure.alarm?.(snapshot) ?? false;
  const labelId = `figure-label-${figure.id}`;
  return (
    <li className={red ? 'ops-tile ops-tile-alarm' : 'ops-tile'} aria-labelledby={labelId}>
      <span className="ops-tile-label" id={labelId}>
        {figure.label}
      </span>
      <span className={red ? 'ops-tile-value status-error' : 'ops-tile-value'} data-testid={`figure-${figure.id}`}>
        {figure.value(snapshot)}
      </span>
      <Suspense fallback={<div className="live-chart" style={{ height: CHART_HEIGHT }} aria-hidden="true" />}>
        <LiveChart times={times} series={series} height={CHART_HEIGHT} />
      </Suspense>
    </li>
  );
}
