import { type ReactNode, useMemo } from 'react';
import { ChartFrame } from './chart-frame';
import { type ChartColor, colorAt, type ScatterPlotPoint, type ScatterPlotSpec } from './chart-spec';

export type ScatterPoint = ScatterPlotPoint & {
  /** Names the point in the table (and in the picture when `label` is absent and `labelled`). */
  name?: string;
};

export interface ScatterSeries {
  label: string;
  points: readonly ScatterPoint[];
  color?: ChartColor;
}

export interface ScatterChartProps {
  caption: string;
  series: readonly ScatterSeries[];
  xLabel: string;
  yLabel: string;
  /** What the weights are, as the table's heading (e.g. Races); no column without it. */
  weightLabel?: string;
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
  formatWeight?: (value: number) => string;
  xRange?: readonly [number, number];
  yRange?: readonly [number, number];
  /** Draw y = x. */
  diagonal?: boolean;
  height?: number;
  summary?: string;
  note?: ReactNode;
  empty?: string;
}

/** Points on two value axes, sized by weight and labelled; optionally with the line y = x. */
export function ScatterChart({
  caption,
  series,
  xLabel,
  yLabel,
  weightLabel,
  formatX = String,
  formatY = String,
  formatWeight = String,
  xRange,
  yRange,
  diagonal = false,
  height = 280,
  summary,
  note,
  empty = 'Nothing to chart yet.',
}: ScatterChartProps) {
  const spec = useMemo<ScatterPlotSpec>(
    () => ({
      kind: 'scatter',
      series: series.map((s, i) => ({ label: s.label, color: colorAt(i, s.color), points: s.points })),
      xLabel,
      yLabel,
      formatX,
      formatY,
      xRange,
      yRange,
      diagonal,
    }),
    [series, xLabel, yLabel, formatX, formatY, xRange, yRange, diagonal],
  );
  const several = series.length > 1;
  const count = series.reduce((n, s) => n + s.points.length, 0);
  const columns = [
    several ? 'Series' : 'Point',
    ...(several ? ['Point'] : []),
    xLabel,
    yLabel,
    ...(weightLabel ? [weightLabel] : []),
  ];
  const first = several ? 2 : 1;
  return (
    <ChartFrame
      caption={caption}
      summary={summary ?? `${caption}: ${count} ${count === 1 ? 'point' : 'points'} of ${yLabel} against ${xLabel}.`}
      spec={spec}
      axisTitles={{ x: xLabel, y: yLabel }}
      height={height}
      note={note}
      empty={empty}
      table={{
        columns,
        numeric: columns.map((_c, i) => i).filter((i) => i >= first),
        rows: series.flatMap((s) =>
          s.points.map((p, i) => [
            ...(several ? [s.label] : []),
            p.name ?? p.label ?? String(i + 1),
            formatX(p.x),
            formatY(p.y),
            ...(weightLabel ? [p.weight === undefined ? '—' : formatWeight(p.weight)] : []),
          ]),
        ),
      }}
    />
  );
}
