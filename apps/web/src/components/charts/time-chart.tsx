import { type ReactNode, useMemo } from 'react';
import { ChartFrame } from './chart-frame';
import { type ChartColor, colorAt, type TimePlotSpec } from './chart-spec';

export interface TimeChartSeries {
  label: string;
  /** One value per day of `days`; null leaves a gap. */
  values: readonly (number | null)[];
  color?: ChartColor;
  /** Draw as steps (a running total holds until the next change). */
  step?: boolean;
  /** Points only, no line between them (separate events rather than one quantity over time). */
  dots?: boolean;
}

export interface TimeChartProps {
  caption: string;
  /** Calendar days 'YYYY-MM-DD', oldest first (a day may repeat, e.g. two starts on one day). */
  days: readonly string[];
  series: readonly TimeChartSeries[];
  /** How a value reads on the axis, in the legend and in the table. */
  format?: (value: number) => string;
  /** The value axis's labels when they should be shorter than `format` (e.g. compactCents). */
  axisFormat?: (value: number) => string;
  /** The value axis from 0 (the default: sums, money) or fitted to the values. */
  fromZero?: boolean;
  height?: number;
  /** Read out in place of the picture; made from the first and last values when absent. */
  summary?: string;
  note?: ReactNode;
  empty?: string;
}

const lastOf = (values: readonly (number | null)[]) => [...values].reverse().find((v) => v !== null) ?? null;
const firstOf = (values: readonly (number | null)[]) => values.find((v) => v !== null) ?? null;

/** Lines or steps over calendar days, e.g. earnings as a running total. */
export function TimeChart({
  caption,
  days,
  series,
  format = String,
  axisFormat,
  fromZero = true,
  height = 240,
  summary,
  note,
  empty = 'Nothing to chart yet.',
}: TimeChartProps) {
  const spec = useMemo<TimePlotSpec>(
    () => ({
      kind: 'time',
      days,
      series: series.map((s, i) => ({
        label: s.label,
        values: s.values,
        color: colorAt(i, s.color),
        step: s.step ?? false,
        dots: s.dots ?? false,
      })),
      format,
      axisFormat: axisFormat ?? format,
      fromZero,
    }),
    [days, series, format, axisFormat, fromZero],
  );
  const said =
    summary ??
    `${caption}. ${series
      .map((s) => {
        const [a, b] = [firstOf(s.values), lastOf(s.values)];
        return a === null || b === null
          ? `${s.label}: no figures`
          : `${s.label}: ${format(a)} on ${days[0]} to ${format(b)} on ${days.at(-1)}`;
      })
      .join('; ')}; ${days.length} ${days.length === 1 ? 'point' : 'points'}.`;
  return (
    <ChartFrame
      caption={caption}
      summary={said}
      spec={spec}
      height={height}
      note={note}
      empty={empty}
      table={{
        columns: ['Date', ...series.map((s) => s.label)],
        numeric: series.map((_s, i) => i + 1),
        rows: days.map((day, r) => [
          day,
          ...series.map((s) => {
            const v = s.values[r];
            return v === null || v === undefined ? '—' : format(v);
          }),
        ]),
      }}
    />
  );
}
