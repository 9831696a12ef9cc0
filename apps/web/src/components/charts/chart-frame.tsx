import { Component, lazy, type ReactNode, Suspense, useId } from 'react';
import type { PlotSpec } from './chart-spec';
import './charts.css';

// uPlot is fetched with the first chart drawn, never with the page that merely links to one.
const Plot = lazy(async () => ({ default: (await import('./plot')).Plot }));

/** A picture that fails (no canvas, a chunk that did not load) leaves the caption and table standing. */
class PlotBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (
      <p className="hint">The chart could not be drawn here; its figures are in the table below.</p>
    ) : (
      this.props.children
    );
  }
}

/** The figures of a chart as rows of a table: its accessible (and printable) twin. */
export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  /** Columns holding numbers (right-aligned), by index. */
  numeric?: readonly number[];
}

export interface ChartFrameProps {
  /** The chart's title, shown above it; also names its table. */
  caption: string;
  /** What the chart shows, read out in place of the picture. */
  summary: string;
  spec: PlotSpec;
  table: ChartTable;
  height: number;
  /** A line under the chart in small type: what the figures are. */
  note?: ReactNode;
  /** Shown instead of the picture and table when there is nothing to draw. */
  empty?: ReactNode;
  /** Start with the table open (e.g. when it is the main way to read the figures). */
  tableOpen?: boolean;
  /** Titles of a scatter's axes, written above (y) and below (x) the plot. */
  axisTitles?: { x: string; y: string };
}

/**
 * A chart's frame: caption, the picture (an image with a summary for screen readers) and the same
 * figures as a table under a disclosure. The picture is drawn by the lazily loaded uPlot module.
 */
export function ChartFrame({
  caption,
  summary,
  spec,
  table,
  height,
  note,
  empty,
  tableOpen,
  axisTitles,
}: ChartFrameProps) {
  const id = useId();
  const numeric = new Set(table.numeric ?? []);
  return (
    <figure className="chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="chart-caption">
        {caption}
      </figcaption>
      {empty !== undefined && table.rows.length === 0 ? (
        <p className="hint">{empty}</p>
      ) : (
        <>
          {axisTitles ? (
            <p className="chart-axis-title" aria-hidden="true">
              ↑ {axisTitles.y}
            </p>
          ) : null}
          <div className="chart-box" role="img" aria-label={summary} style={{ minHeight: height }}>
            <PlotBoundary>
              <Suspense fallback={<p className="hint chart-loading">Drawing the chart…</p>}>
                <Plot spec={spec} height={height} />
              </Suspense>
            </PlotBoundary>
          </div>
          {axisTitles ? (
            <p className="chart-axis-title chart-axis-x" aria-hidden="true">
              {axisTitles.x} →
            </p>
          ) : null}
          {note ? <p className="hint chart-note">{note}</p> : null}
          <details className="chart-table" open={tableOpen}>
            <summary>Figures as a table</summary>
            <div className="table-scroll">
              <table className="stats-table">
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    {table.columns.map((c, i) => (
                      <th key={c} scope="col" className={numeric.has(i) ? 'num' : undefined}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, r) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional figures, redrawn whole
                    <tr key={r}>
                      {row.map((cell, i) =>
                        i === 0 ? (
                          <th key={table.columns[i]} scope="row">
                            {cell}
                          </th>
                        ) : (
                          <td key={table.columns[i]} className={numeric.has(i) ? 'num' : undefined}>
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
