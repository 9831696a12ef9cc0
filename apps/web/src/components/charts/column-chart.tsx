import { type ReactNode, useMemo } from 'react';
import { ChartFrame } from './chart-frame';
import { type ChartColor, type ColumnPlotSpec, colorAt } from './chart-spec';

export interface ColumnChartProps {
  caption: string;
  /** One short label per column (years, posts 1–12, conditions). */
  categories: readonly string[];
  /** What the categories are, as the table's first heading: Year, Post, Condition. */
  categoryLabel: string;
  /** What the values are (the legend and the table's heading). */
  label: string;
  values: readonly (number | null)[];
  format?: (value: number) => string;
  /** The value axis's labels when they should be shorter than `format` (e.g. compactCents). */
  axisFormat?: (value: number) => string;
  color?: ChartColor;
  /** A dashed level across the columns, e.g. the overall average. */
  reference?: { value: number; label: string };
  height?: number;
  summary?: string;
  note?: ReactNode;
  empty?: string;
  /** Extra columns of the table (e.g. the counts behind each value), one cell per category. */
  details?: readonly { label: string; cells: readonly string[] }[];
}

/** Vertical bars over a short list of categories, on a value axis from 0. */
export function ColumnChart({
  caption,
  categories,
  categoryLabel,
  label,
  values,
  format = String,
  axisFormat,
  color,
  reference,
  height = 220,
  summary,
  note,
  empty = 'Nothing to chart yet.',
  details = [],
}: ColumnChartProps) {
  const spec = useMemo<ColumnPlotSpec>(
    () => ({
      kind: 'columns',
      categories,
      label,
      values,
      format,
      axisFormat: axisFormat ?? format,
      color: colorAt(0, color),
      reference,
    }),
    [categories, label, values, format, axisFormat, color, reference],
  );
  const shown = categories.slice(0, 12).map((c, i) => {
    const v = values[i];
    return `${c}: ${v === null || v === undefined ? 'none' : format(v)}`;
  });
  const more = categories.length > 12 ? `, and ${categories.length - 12} more` : '';
  const level = reference ? ` ${reference.label}: ${format(reference.value)}.` : '';
  return (
    <ChartFrame
      caption={caption}
      summary={summary ?? `${caption}. ${shown.join(', ')}${more}.${level}`}
      spec={spec}
      height={height}
      note={note}
      empty={empty}
      table={{
        columns: [categoryLabel, label, ...details.map((d) => d.label)],
        numeric: [1, ...details.map((_d, i) => i + 2)],
        rows: categories.map((c, i) => {
          const v = values[i];
          return [c, v === null || v === undefined ? '—' : format(v), ...details.map((d) => d.cells[i] ?? '')];
        }),
      }}
    />
  );
}
