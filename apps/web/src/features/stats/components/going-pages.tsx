import type { GoingFigure } from '@furlong/contracts';
import type { ReactNode } from 'react';
import { ScatterChart } from '../../../components/charts/scatter-chart';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatNumber } from '../../../lib/format';
import { useTrackConditions } from '../api/track-conditions';
import { useTrackTypes } from '../api/track-types';
import { type Bar, BarChart } from './bar-chart';
import { formatDecimal, formatPerFurlong, titleCase } from './stats-format';

interface GoingRow extends GoingFigure {
  /** Tracks now under this condition, or with this surface. */
  tracks: number;
}

interface GoingSettings {
  title: string;
  /** The grouping, as a column heading: Condition, Surface. */
  keyLabel: string;
  tracksLabel: string;
  tracksNote: string;
}

function bars(rows: readonly GoingRow[], value: (r: GoingRow) => number | null): Bar[] {
  return rows.map((r) => ({ key: r.key, label: titleCase(r.key), value: value(r) }));
}

/** A table of the figures per condition or surface, then one small chart per figure. */
function GoingPage({
  settings,
  rows,
  error,
}: {
  settings: GoingSettings;
  /** Undefined while loading. */
  rows: readonly GoingRow[] | undefined;
  error: Error | null;
}) {
  let body: ReactNode;
  if (error) body = <ErrorMessage error={error} />;
  else if (!rows) body = <Loading />;
  else if (rows.length === 0)
    body = <EmptyState>No races have been run yet, and no track lists a {settings.keyLabel.toLowerCase()}.</EmptyState>;
  else {
    body = (
      <>
        <div className="table-scroll">
          <table className="stats-table">
            <caption>Races with a result, by {settings.keyLabel.toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">{settings.keyLabel}</th>
                <th scope="col" className="num">
                  Races
                </th>
                <th scope="col" className="num">
                  Avg winning time / furlong
                </th>
                <th scope="col" className="num">
                  Avg speed figure
                </th>
                <th scope="col" className="num">
                  Avg field size
                </th>
                <th scope="col" className="num">
                  {settings.tracksLabel}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.key}>
                  <th scope="row">{titleCase(r.key)}</th>
                  <td className="num">{formatNumber(r.races)}</td>
                  <td className="num">{formatPerFurlong(r.avg_winning_time_per_furlong_ms)}</td>
                  <td className="num">{formatDecimal(r.avg_speed_figure, 1)}</td>
                  <td className="num">{formatDecimal(r.avg_field_size, 2)}</td>
                  <td className="num">{formatNumber(r.tracks)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ScatterChart
          caption={`Speed against time, by ${settings.keyLabel.toLowerCase()}`}
          series={[
            {
              label: settings.keyLabel,
              points: rows
                .filter((r) => r.avg_speed_figure !== null && r.avg_winning_time_per_furlong_ms !== null)
                .map((r) => ({
                  x: r.avg_speed_figure as number,
                  y: (r.avg_winning_time_per_furlong_ms as number) / 1000,
                  weight: r.races,
                  label: titleCase(r.key),
                })),
            },
          ]}
          xLabel="Avg speed figure"
          yLabel="Avg winning time / furlong (s)"
          weightLabel="Races"
          formatX={(n) => formatDecimal(n, 1)}
          formatY={(n) => `${n.toFixed(2)} s`}
          formatWeight={formatNumber}
          note="Each point is one going: further right is a higher speed figure, lower is a faster winning time; its size is the races run on it."
          empty="No races with a result yet."
        />
        <div className="chart-grid">
          <BarChart title="Races" format={formatNumber} bars={bars(rows, (r) => r.races)} />
          <BarChart
            title="Avg field size"
            format={(n) => formatDecimal(n, 2)}
            bars={bars(rows, (r) => r.avg_field_size)}
          />
          <BarChart
            title={settings.tracksLabel}
            format={formatNumber}
            bars={bars(rows, (r) => r.tracks)}
            caption={settings.tracksNote}
          />
        </div>
      </>
    );
  }
  return <Page title={settings.title}>{body}</Page>;
}

/** /track-conditions: how races run under each going (fast, good, muddy…). */
export function TrackConditionsPage() {
  const query = useTrackConditions();
  return (
    <GoingPage
      rows={query.data?.items.map((r) => ({ ...r, tracks: r.tracks_now }))}
      error={query.error}
      settings={{
        title: 'Track Conditions',
        keyLabel: 'Condition',
        tracksLabel: 'Tracks now',
        tracksNote: 'Tracks whose current condition this is.',
      }}
    />
  );
}

/** /track-type: how races run on each surface (dirt, turf, synthetic…). */
export function TrackTypePage() {
  const query = useTrackTypes();
  return (
    <GoingPage
      rows={query.data?.items}
      error={query.error}
      settings={{
        title: 'Track Type',
        keyLabel: 'Surface',
        tracksLabel: 'Tracks',
        tracksNote: 'Tracks with this surface.',
      }}
    />
  );
}
