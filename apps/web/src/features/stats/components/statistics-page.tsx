import type { LeaderRow, StatsLeaderKind } from '@furlong/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ColumnChart } from '../../../components/charts/column-chart';
import { Page } from '../../../components/ui/page';
import { StatCards } from '../../../components/ui/stat-cards';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { useStatsOverview } from '../api/stats-overview';
import { PostPositionChart } from './connection-figures';
import { KIND_LABEL, sheetHref } from './leaders-page';
import { formatDaySpan, formatDecimal, formatPerFurlong, pct } from './stats-format';

/** Win percent over every start of the by-post figures. */
function overallWinPct(rows: readonly { starts: number; wins: number }[]): number {
  const starts = rows.reduce((n, r) => n + r.starts, 0);
  const wins = rows.reduce((n, r) => n + r.wins, 0);
  return starts > 0 ? Math.round((10000 * wins) / starts) / 100 : 0;
}

function TopFive({ kind, rows }: { kind: StatsLeaderKind; rows: readonly LeaderRow[] }) {
  const label = KIND_LABEL[kind];
  return (
    <section className="card top-five" aria-labelledby={`top-${kind}`}>
      <h3 id={`top-${kind}`}>Top {label.plural.toLowerCase()}</h3>
      {rows.length === 0 ? (
        <p className="hint">None yet.</p>
      ) : (
        <ol>
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={sheetHref(kind, row.id)}>{row.name}</Link>{' '}
              <span className="hint">
                {formatNumber(row.wins)} {row.wins === 1 ? 'win' : 'wins'} · {pct(row.win_pct)} of{' '}
                {formatNumber(row.starts)}
              </span>
            </li>
          ))}
        </ol>
      )}
      <Link className="field-link" to={`/leader-board?kind=${kind}`}>
        Full leader board
      </Link>
    </section>
  );
}

/** /statistics: figures over every race run so far. */
export function StatisticsPage() {
  const overview = useStatsOverview();
  const data = overview.data;
  let body: ReactNode;
  if (overview.isPending) body = <Loading />;
  else if (overview.isError) body = <ErrorMessage error={overview.error} />;
  else if (!data || data.races === 0)
    body = <EmptyState>No races have been run yet, so there are no figures.</EmptyState>;
  else {
    body = (
      <>
        <StatCards
          label="Overview"
          cards={[
            { label: 'Races', value: formatNumber(data.races) },
            { label: 'Starters', value: formatNumber(data.starters) },
            { label: 'Avg field size', value: formatDecimal(data.avg_field_size, 2) },
            {
              label: 'Avg winning time per furlong',
              value: formatPerFurlong(data.avg_winning_time_per_furlong_ms),
            },
            { label: 'Race days', ...formatDaySpan(data.first_date, data.last_date) },
          ]}
        />
        <div className="chart-grid chart-grid-wide">
          <PostPositionChart
            rows={data.by_post_position}
            overall={overallWinPct(data.by_post_position)}
            note="Every starter, posts inside to outside; the dashed line is the win rate from every post."
          />
          <ColumnChart
            caption="Races by field size"
            categoryLabel="Runners"
            categories={data.by_field_size.map((f) => f.key)}
            label="Races"
            values={data.by_field_size.map((f) => f.races)}
            format={formatNumber}
            details={[
              { label: 'Share of races', cells: data.by_field_size.map((f) => pct(f.pct_of_races)) },
              {
                label: 'Winning time / furlong',
                cells: data.by_field_size.map((f) => formatPerFurlong(f.avg_winning_time_per_furlong_ms)),
              },
            ]}
            note="Runners per race."
          />
        </div>
        <p className="hint">
          <Link to="/earnings?all=1">Every horse by earnings</Link>
        </p>
        <h2>Leaders</h2>
        <div className="top-fives">
          <TopFive kind="horses" rows={data.top_horses} />
          <TopFive kind="jockeys" rows={data.top_jockeys} />
          <TopFive kind="trainers" rows={data.top_trainers} />
        </div>
      </>
    );
  }
  return <Page title="Statistics">{body}</Page>;
}
