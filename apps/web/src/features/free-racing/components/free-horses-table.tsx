import type { FreeBoard } from '@furlong/contracts';
import { Link } from 'react-router-dom';

export interface FreeHorsesTableProps {
  board: FreeBoard;
  /** The post the player picked on this board, if any. */
  pickedPost?: number | null;
  /** Given when the player may pick now: called with the post chosen. */
  onPick?: (post: number) => void;
  picking?: boolean;
}

/** A board's seven horses: post, horse and jockey (each opening its page), odds and the points a right pick scores. */
export function FreeHorsesTable({ board, pickedPost, onPick, picking }: FreeHorsesTableProps) {
  const winner = board.finish_order?.[0];
  return (
    <div className="table-scroll">
      <table className="free-table">
        <caption className="visually-hidden">{board.name}: horses and odds</caption>
        <thead>
          <tr>
            <th scope="col">Post</th>
            <th scope="col">Horse</th>
            <th scope="col" className="optional-col">
              Jockey
            </th>
            <th scope="col">Odds</th>
            <th scope="col">Points</th>
            {onPick || pickedPost ? <th scope="col">Pick</th> : null}
          </tr>
        </thead>
        <tbody>
          {board.horses.map((h) => (
            <tr key={h.post} className={h.post === winner ? 'free-winner' : undefined}>
              <td>{h.post}</td>
              <td>
                <Link to={`/page-horse/${h.horse_id}`}>{h.horse_name}</Link>
                {h.post === winner ? <span className="free-badge"> Winner</span> : null}
              </td>
              <td className="optional-col">
                {h.jockey_id && h.jockey_name ? <Link to={`/page-jockey/${h.jockey_id}`}>{h.jockey_name}</Link> : '—'}
              </td>
              <td className="free-odds" data-testid={`odds-${board.id}-${h.post}`}>
                {h.odds}
              </td>
              <td>{h.points}</td>
              {onPick || pickedPost ? (
                <td>
                  {h.post === pickedPost ? (
                    <strong>Your pick</strong>
                  ) : onPick ? (
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={picking}
                      onClick={() => onPick(h.post)}
                      aria-label={`Pick ${h.horse_name}`}
                    >
                      Pick
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
