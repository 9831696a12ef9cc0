export interface Bar {
  /** Unique within the chart. */
  key: string;
  label: string;
  /** Null draws no bar and reads as a dash. */
  value: number | null;
  /** The value as shown; `format(value)` when absent. */
  display?: string;
  /** The figures behind the bar, e.g. "3 wins from 21 starts". */
  note?: string;
}

export interface BarChartProps {
  title: string;
  bars: readonly Bar[];
  format?: (value: number) => string;
  /** Horizontal rows (the default) or vertical columns, which suit an ordered axis such as posts 1–12. */
  orientation?: 'horizontal' | 'vertical';
  /** One line under the chart: what the figures are. */
  caption?: string;
  /** Shown instead of the bars when there are none. */
  emptyText?: string;
}

/** Percent of the track a bar fills: its share of the largest value, two decimals. */
export function barShare(value: number | null, largest: number): number {
  if (value === null || value <= 0 || largest <= 0) return 0;
  return Math.round((10000 * value) / largest) / 100;
}

/**
 * A bar chart from CSS boxes. The bars scale to the largest value; every bar's label and value are
 * text beside it (and its note, visible or read out), so the chart reads as a list without the picture.
 */
export function BarChart({
  title,
  bars,
  format = String,
  orientation = 'horizontal',
  caption,
  emptyText = 'No figures yet.',
}: BarChartProps) {
  const largest = Math.max(0, ...bars.map((b) => b.value ?? 0));
  const vertical = orientation === 'vertical';
  return (
    <figure className={`bar-chart bar-chart-${orientation}`}>
      <figcaption className="bar-chart-title">{title}</figcaption>
      {bars.length === 0 ? (
        <p className="hint">{emptyText}</p>
      ) : (
        <ul className="bars" aria-label={title}>
          {bars.map((bar) => {
            const share = barShare(bar.value, largest);
            const shown = bar.display ?? (bar.value === null ? '—' : format(bar.value));
            return (
              <li key={bar.key} className="bar-row">
                <span className="bar-label">{bar.label}</span>
                <span className="bar-value">
                  {shown}
                  {bar.note ? (
                    <span className={vertical ? 'visually-hidden' : 'bar-note'}>
                      {vertical ? `, ${bar.note}` : bar.note}
                    </span>
                  ) : null}
                </span>
                <span className="bar-track" aria-hidden="true" title={bar.note}>
                  <span
                    className="bar-fill"
                    data-share={share}
                    style={vertical ? { height: `${share}%` } : { width: `${share}%` }}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {caption ? <p className="hint bar-chart-caption">{caption}</p> : null}
    </figure>
  );
}
