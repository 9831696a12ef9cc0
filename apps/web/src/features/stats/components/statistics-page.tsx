import type { LeaderRow, StatsLeaderKind } from '@furlong/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { useStatsOverview } from '../api/stats-overview';
import { BarChart } from './bar-chart';
import { winBars } from './connection-figures';
import { KIND_LABEL, sheetHref } from './leaders-page';
import { StatCards } from './stat-cards';
import { formatDaySpan, formatDecimal, formatPerFurlong, pct } from './stats-format';

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
          <BarChart
            title="Win % by post position"
            orientation="vertical"
            bars={winBars(data.by_post_position, String)}
            caption="Every starter, posts inside to outside. Hover a bar for its wins and starts."
          />
          <BarChart
            title="Races by field size"
            orientation="vertical"
            format={formatNumber}
            bars={data.by_field_size.map((f) => ({
              key: f.key,
              label: f.key,
              value: f.races,
              note: `${pct(f.pct_of_races)} of races, winners ran ${formatPerFurlong(f.avg_winning_time_per_furlong_ms)} a furlong`,
            }))}
            caption="Runners per race. Hover a bar for its share and winning time."
          />
        </div>
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
