import type { CurrentRaceRunner } from '@furlong/contracts';
import { PostChip } from '../../../components/ui/post-chip';
import { useOddsFormatter } from '../../../lib/settings';
import { LiveWinOdds } from './race-tote';

const ORDINALS = ['1st', '2nd', '3rd', '4th'];

/** The heading of a grid column: the finishing position, or "Box" / "Pick" for a single list. */
export function columnName(index: number, columns: number, box: boolean): string {
  if (box) return 'Box';
  return columns > 1 ? (ORDINALS[index] ?? `${index + 1}th`) : 'Pick';
}

/**
 * The runners with a checkbox per finishing position (1st to 4th as the type needs, or one
 * column), an ALL button per column, and beside each runner its saddle cloth, morning line and
 * live win odds.
 */
export function PositionGrid({
  raceId,
  runners,
  columns,
  box,
  many,
  disabled,
  onToggle,
  onAll,
}: {
  raceId: number;
  runners: readonly CurrentRaceRunner[];
  columns: readonly (readonly number[])[];
  box: boolean;
  /** Whether a column takes several horses (false: Win, Place, Show name one). */
  many: boolean;
  disabled: boolean;
  onToggle(column: number, post: number, on: boolean): void;
  onAll(column: number): void;
}) {
  const names = columns.map((_, i) => columnName(i, columns.length, box));
  const shown = useOddsFormatter().fromFraction;
  return (
    <div className="table-scroll position-grid">
      <table>
        <caption className="visually-hidden">Runners and positions</caption>
        <thead>
          <tr>
            <th scope="col" className="grid-runner">
              Horse
            </th>
            <th scope="col" className="num" title="Morning line">
              ML
            </th>
            <th scope="col" className="num">
              Odds
            </th>
            {names.map((name, i) => (
              <th key={name} scope="col" className="grid-col">
                {name}
                {many ? (
                  <button
                    type="button"
                    className="button secondary small grid-all"
                    aria-label={`All for ${name}`}
                    disabled={disabled}
                    onClick={() => onAll(i)}
                  >
                    ALL
                  </button>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <LiveWinOdds raceId={raceId}>
          {(odds) => (
            <tbody>
              {runners.map((r) => (
                <tr key={r.post_position}>
                  <td className="grid-runner">
                    <PostChip post={r.post_position} />
                    <span className="grid-horse">{r.horse_name}</span>
                    <span className="hint grid-jockey">{r.jockey_name}</span>
                  </td>
                  <td className="num">{shown(r.morning_line)}</td>
                  <td className="num tote-odds">{shown(odds?.[r.post_position])}</td>
                  {columns.map((col, i) => {
                    const checked = col.includes(r.post_position);
                    const label =
                      columns.length > 1
                        ? `${names[i]}: #${r.post_position} ${r.horse_name}`
                        : `#${r.post_position} ${r.horse_name}`;
                    return (
                      <td key={names[i]} className="grid-col">
                        <input
                          type="checkbox"
                          aria-label={label}
                          checked={checked}
                          disabled={disabled || (!checked && !many && col.length > 0)}
                          onChange={(e) => onToggle(i, r.post_position, e.target.checked)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          )}
        </LiveWinOdds>
      </table>
    </div>
  );
}
