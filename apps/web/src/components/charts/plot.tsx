import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  type ColumnPlotSpec,
  dayToSeconds,
  type PlotSpec,
  type ScatterPlotSpec,
  type TimePlotSpec,
} from './chart-spec';

// The only module that imports uPlot: the chart components load it with React.lazy, so uPlot sits in
// a chunk of its own that only pages with a chart fetch.

const FALLBACK_COLOR = '#0f5c3a';
const MIN_WIDTH = 120;
const AXIS_FONT = '11px system-ui, sans-serif';

type Colour = (c: string) => string;

interface Built {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

/** From 0 (or below, for negatives) to a little above the largest value. */
const zeroUp = (min: number, max: number): uPlot.Range.MinMax => [Math.min(0, min), max > 0 ? max * 1.08 : 1];
const fromZero: uPlot.Scale.Range = (_u, min, max) => zeroUp(min, max);

/** A range around the values with a margin, so no point sits on the frame. */
function padded(values: readonly number[], fixed?: readonly [number, number]): [number, number] {
  if (fixed) return [fixed[0], fixed[1]];
  if (values.length === 0) return [0, 1];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  // Room for the largest point's radius at either end.
  const margin = hi > lo ? (hi - lo) * 0.12 : Math.abs(hi) * 0.1 || 1;
  return [lo - margin, hi + margin];
}

const TICK_SIZE = 6;
const AXIS_GAP = 6;

/** A value axis as wide as its longest label (uPlot's own is fixed, and cuts "$400,000.00"). */
const fitLabels: uPlot.Axis.Size = (u, values) => {
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  if (longest === '') return TICK_SIZE + AXIS_GAP + 30;
  u.ctx.font = AXIS_FONT;
  return Math.ceil(TICK_SIZE + AXIS_GAP + u.ctx.measureText(longest).width + 4);
};

function axes(colour: Colour, y: Partial<uPlot.Axis>, x: Partial<uPlot.Axis> = {}): uPlot.Axis[] {
  const common = {
    stroke: colour('--muted'),
    font: AXIS_FONT,
    gap: AXIS_GAP,
    grid: { stroke: colour('--line'), width: 1 },
    ticks: { stroke: colour('--line'), width: 1, size: TICK_SIZE },
  };
  return [
    { ...common, ...x },
    { ...common, size: fitLabels, ...y },
  ];
}

/**
 * The legend reads the last point while the cursor is off the plot (instead of dashes): the
 * latest running total, say. On a phone, touching the plot moves it.
 */
function legendAtLast(count: number): uPlot.Hooks.Arrays {
  const toLast = (u: uPlot) => {
    if (count > 0 && (u.cursor.idx === null || u.cursor.idx === undefined)) u.setLegend({ idx: count - 1 }, false);
  };
  return { ready: [toLast], setCursor: [toLast] };
}

const dayText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function buildTime(spec: TimePlotSpec, colour: Colour): Built {
  const stepped = uPlot.paths?.stepped?.({ align: 1 });
  return {
    options: {
      // Days are UTC midnights: label them in UTC so no time zone moves them a day.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: spec.fromZero ? { range: fromZero } : {} },
      axes: axes(colour, { values: (_u, splits) => splits.map((v) => spec.axisFormat(v)) }),
      cursor: { drag: { x: false, y: false } },
      legend: { show: true },
      hooks: legendAtLast(spec.days.length),
      series: [
        { label: 'Date', value: (_u, v) => (v === null ? '—' : dayText(v)) },
        ...spec.series.map((s) => ({
          label: s.label,
          stroke: colour(s.color),
          width: 2,
          paths: s.dots ? () => null : s.step ? stepped : undefined,
          points: { show: s.dots || spec.days.length <= 60, size: s.dots ? 7 : 5 },
          value: (_u: uPlot, v: number | null) => (v === null ? '—' : spec.format(v)),
        })),
      ],
    },
    data: [spec.days.map(dayToSeconds), ...spec.series.map((s) => s.values as (number | null)[])],
  };
}

function buildColumns(spec: ColumnPlotSpec, colour: Colour): Built {
  const n = spec.categories.length;
  const ink = colour(spec.color);
  const indices = spec.categories.map((_c, i) => i);
  const reference = spec.reference;
  return {
    options: {
      scales: {
        x: { time: false, range: [-0.5, n - 0.5] },
        y: {
          range: (_u, min, max) =>
            zeroUp(Math.min(min, reference?.value ?? min), Math.max(max, reference?.value ?? max)),
        },
      },
      axes: axes(
        colour,
        { values: (_u, splits) => splits.map((v) => spec.axisFormat(v)) },
        {
          splits: () => indices,
          values: (_u, splits) => splits.map((i) => spec.categories[i] ?? ''),
          grid: { show: false },
        },
      ),
      cursor: { drag: { x: false, y: false } },
      // The categories are on the axis and the values in the table: a legend of dashes says nothing.
      legend: { show: false },
      series: [
        { label: 'Category', value: (_u, i) => (i === null ? '—' : (spec.categories[i] ?? '—')) },
        {
          label: spec.label,
          stroke: ink,
          fill: ink,
          width: 0,
          paths: uPlot.paths?.bars?.({ size: [0.7, 56] }),
          points: { show: false },
          value: (_u, v) => (v === null ? '—' : spec.format(v)),
        },
      ],
      hooks: {
        draw: reference
          ? [
              (u) => {
                const { ctx } = u;
                const y = u.valToPos(reference.value, 'y', true);
                ctx.save();
                ctx.strokeStyle = colour('--ink');
                ctx.lineWidth = uPlot.pxRatio;
                ctx.setLineDash([6 * uPlot.pxRatio, 4 * uPlot.pxRatio]);
                ctx.beginPath();
                ctx.moveTo(u.bbox.left, y);
                ctx.lineTo(u.bbox.left + u.bbox.width, y);
                ctx.stroke();
                ctx.fillStyle = colour('--ink');
                ctx.font = `${Math.round(11 * uPlot.pxRatio)}px system-ui, sans-serif`;
                ctx.textAlign = 'right';
                ctx.fillText(reference.label, u.bbox.left + u.bbox.width - 4, y - 4 * uPlot.pxRatio);
                ctx.restore();
              },
            ]
          : [],
      },
    },
    data: [indices, spec.values as (number | null)[]],
  };
}

const MIN_RADIUS = 3;
const MAX_RADIUS = 14;

function buildScatter(spec: ScatterPlotSpec, colour: Colour): Built {
  const all = spec.series.flatMap((s) => s.points);
  const xRange = padded(
    all.map((p) => p.x),
    spec.xRange,
  );
  const yRange = padded(
    all.map((p) => p.y),
    spec.yRange,
  );
  const heaviest = Math.max(0, ...all.map((p) => p.weight ?? 0));
  const radius = (weight: number | undefined) =>
    weight === undefined || heaviest <= 0
      ? MIN_RADIUS + 1
      : MIN_RADIUS + (MAX_RADIUS - MIN_RADIUS) * Math.sqrt(Math.max(0, weight) / heaviest);
  // uPlot wants one sorted x; the points are drawn by the hook below, so the series carry only
  // the extremes (for the legend and the cursor) and draw nothing themselves.
  const draw = (u: uPlot) => {
    const { ctx } = u;
    const px = uPlot.pxRatio;
    ctx.save();
    ctx.beginPath();
    ctx.rect(u.bbox.left, u.bbox.top, u.bbox.width, u.bbox.height);
    ctx.clip();
    if (spec.diagonal) {
      const lo = Math.max(xRange[0], yRange[0]);
      const hi = Math.min(xRange[1], yRange[1]);
      ctx.strokeStyle = colour('--muted');
      ctx.lineWidth = px;
      ctx.setLineDash([6 * px, 4 * px]);
      ctx.beginPath();
      ctx.moveTo(u.valToPos(lo, 'x', true), u.valToPos(lo, 'y', true));
      ctx.lineTo(u.valToPos(hi, 'x', true), u.valToPos(hi, 'y', true));
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.font = `${Math.round(11 * px)}px system-ui, sans-serif`;
    ctx.textBaseline = 'bottom';
    for (const s of spec.series) {
      const ink = colour(s.color);
      for (const p of s.points) {
        const cx = u.valToPos(p.x, 'x', true);
        const cy = u.valToPos(p.y, 'y', true);
        const r = radius(p.weight) * px;
        ctx.beginPath();
        ctx.arc(cx, cy, r, 0, 2 * Math.PI);
        ctx.globalAlpha = 0.35;
        ctx.fillStyle = ink;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.strokeStyle = ink;
        ctx.lineWidth = 1.5 * px;
        ctx.stroke();
        if (p.label) {
          ctx.fillStyle = colour('--ink');
          ctx.fillText(p.label, cx + r + 2 * px, cy - r / 2);
        }
      }
    }
    ctx.restore();
  };
  return {
    options: {
      mode: 1,
      scales: { x: { time: false, range: xRange }, y: { range: yRange } },
      axes: axes(
        colour,
        // The axis titles are HTML around the plot (the chart frame's): uPlot's own overlap the values.
        { values: (_u, splits) => splits.map((v) => spec.formatY(v)) },
        { values: (_u, splits) => splits.map((v) => spec.formatX(v)) },
      ),
      cursor: { show: false },
      legend: { show: spec.series.length > 1, live: false },
      series: [
        {},
        ...spec.series.map((s) => ({
          label: s.label,
          stroke: colour(s.color),
          fill: colour(s.color),
          paths: () => null,
          points: { show: false },
        })),
      ],
      hooks: { draw: [draw] },
    },
    data: [xRange, ...spec.series.map(() => [null, null])] as uPlot.AlignedData,
  };
}

function build(spec: PlotSpec, colour: Colour): Built {
  switch (spec.kind) {
    case 'time':
      return buildTime(spec, colour);
    case 'columns':
      return buildColumns(spec, colour);
    case 'scatter':
      return buildScatter(spec, colour);
  }
}

/**
 * One uPlot chart as wide as its box (it follows the box when the page resizes, e.g. a phone
 * turned); made again when the spec changes. The picture is decoration for assistive technology:
 * the chart frame around it carries the summary and the table.
 */
export function Plot({ spec, height }: { spec: PlotSpec; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  const latest = useRef(spec);
  latest.current = spec;
  // The figures, not the object: a parent that builds its spec anew on each render (with the same
  // figures) keeps its plot. Formatting functions are left out of the signature and read as made.
  const signature = JSON.stringify(spec);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for the spec, read through `latest`
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const style = getComputedStyle(el);
    const colour: Colour = (c) => (c.startsWith('--') ? style.getPropertyValue(c).trim() || FALLBACK_COLOR : c);
    const { options, data } = build(latest.current, colour);
    const plot = new uPlot({ ...options, width: Math.max(el.clientWidth, MIN_WIDTH), height }, data, el);
    const resized =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver((entries) => {
            const width = Math.floor(entries[0]?.contentRect.width ?? 0);
            if (width > 0 && width !== plot.width) plot.setSize({ width: Math.max(width, MIN_WIDTH), height });
          });
    resized?.observe(el);
    return () => {
      resized?.disconnect();
      plot.destroy();
    };
  }, [signature, height]);
  return <div className="chart-plot" ref={box} />;
}
