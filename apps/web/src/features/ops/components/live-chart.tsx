import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** One line of a live chart. */
export interface LiveChartSeries {
  label: string;
  /** A CSS colour, or a custom property of the app's styles (`--brand`) read when the chart is made. */
  color: string;
  /** Series of different units each get a scale of their own (no axes are drawn). */
  scale?: string;
  /** One value per time; null leaves a gap. */
  values: readonly (number | null)[];
}

export interface LiveChartProps {
  /** Seconds since the epoch, increasing. */
  times: readonly number[];
  series: readonly LiveChartSeries[];
  height?: number;
}

const FALLBACK_COLOR = '#0f5c3a';

/** Every scale starts at 0, so a flat line near zero does not look like a storm. */
const fromZero: uPlot.Scale.Range = (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1];

/**
 * A small line chart of the last minutes (uPlot, loaded in its own chunk): no axes, no legend, as wide
 * as its box. The plot is made once per set of series and then only given new data.
 */
export function LiveChart({ times, series, height = 64 }: LiveChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const latest = useRef({ times, series });
  latest.current = { times, series };
  const shape = series.map((s) => `${s.label}|${s.color}|${s.scale ?? 'y'}`).join(',');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `shape` stands for the series it is made from; new data goes through setData below
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const colour = (c: string) => (c.startsWith('--') ? style.getPropertyValue(c).trim() || FALLBACK_COLOR : c);
    const { series: lines } = latest.current;
    const scales: uPlot.Scales = { x: { time: true } };
    for (const line of lines) scales[line.scale ?? 'y'] = { range: fromZero };
    const created = new uPlot(
      {
        width: Math.max(el.clientWidth, 1),
        height,
        legend: { show: false },
        cursor: { show: false, drag: { x: false, y: false } },
        axes: [{ show: false }, { show: false }],
        scales,
        series: [
          {},
          ...lines.map((line) => ({
            label: line.label,
            stroke: colour(line.color),
            width: 1.5,
            scale: line.scale ?? 'y',
            points: { show: false },
          })),
        ],
      },
      toData(latest.current),
      el,
    );
    plot.current = created;
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const width = Math.floor(entries[0]?.contentRect.width ?? 0);
            if (width > 0 && width !== created.width) created.setSize({ width, height });
          });
    resized?.observe(el);
    return () => {
      resized?.disconnect();
      created.destroy();
      plot.current = null;
    };
  }, [shape, height]);

  useEffect(() => {
    plot.current?.setData(toData({ times, series }));
  }, [times, series]);

  return <div className="live-chart" ref={box} style={{ height }} aria-hidden="true" />;
}

function toData({ times, series }: Pick<LiveChartProps, 'times' | 'series'>): uPlot.AlignedData {
  return [times as number[], ...series.map((s) => s.values as (number | null)[])];
}
