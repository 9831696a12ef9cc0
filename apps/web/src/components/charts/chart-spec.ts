// What a plot draws, as plain data: the chart components build it, and the lazily loaded plot
// module (the only one that imports uPlot) turns it into uPlot options.

/** A CSS colour, or a custom property of the app's styles (`--brand`) read when the plot is made. */
export type ChartColor = string;

/** Colours given to series in order, when a series names none. */
export const SERIES_COLORS: readonly ChartColor[] = [
  '--brand',
  '--accent',
  '--focus',
  '--danger',
  '#6b4fa0',
  '#2a7f8a',
];

export const colorAt = (i: number, color?: ChartColor): ChartColor =>
  color ?? SERIES_COLORS[i % SERIES_COLORS.length] ?? '--brand';

export interface TimePlotSeries {
  label: string;
  color: ChartColor;
  /** One value per x; null leaves a gap. */
  values: readonly (number | null)[];
  /** A step line (a running total holds its value until the next change) instead of a straight one. */
  step: boolean;
  /** Points only, no line (separate events, e.g. one start's speed figure each). */
  dots: boolean;
}

export interface TimePlotSpec {
  kind: 'time';
  /** Calendar days 'YYYY-MM-DD', oldest first. */
  days: readonly string[];
  series: readonly TimePlotSeries[];
  format(value: number): string;
  /** The value axis's labels (shorter than `format`: $400K). */
  axisFormat(value: number): string;
  /** The value axis starts at 0 (sums, counts), or fits the values (speed figures). */
  fromZero: boolean;
}

export interface ColumnPlotSpec {
  kind: 'columns';
  categories: readonly string[];
  label: string;
  color: ChartColor;
  values: readonly (number | null)[];
  format(value: number): string;
  axisFormat(value: number): string;
  /** A dashed level across the columns, e.g. the average. */
  reference?: { value: number; label: string };
}

export interface ScatterPlotPoint {
  x: number;
  y: number;
  /** Drawn beside the point. */
  label?: string;
  /** The point's weight: its area grows with it (e.g. the races behind it). */
  weight?: number;
}

export interface ScatterPlotSeries {
  label: string;
  color: ChartColor;
  points: readonly ScatterPlotPoint[];
}

export interface ScatterPlotSpec {
  kind: 'scatter';
  series: readonly ScatterPlotSeries[];
  xLabel: string;
  yLabel: string;
  formatX(value: number): string;
  formatY(value: number): string;
  /** Fixed ranges (a probability axis is 0–1); fitted to the points when absent. */
  xRange?: readonly [number, number];
  yRange?: readonly [number, number];
  /** The line y = x (perfect calibration). */
  diagonal: boolean;
}

export type PlotSpec = TimePlotSpec | ColumnPlotSpec | ScatterPlotSpec;

/** 'YYYY-MM-DD' → seconds since the epoch at 00:00 UTC (uPlot's time unit). */
export function dayToSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}
