import { formatNumber } from '../../lib/format';

/** Back and forth through a paged list, with where you are: "11–20 of 57". */
export function Pager({
  label,
  offset,
  limit,
  total,
  onMove,
  previous = 'Previous',
  next = 'Next',
  hideWhenOnePage = false,
  small = false,
}: {
  /** Names the list, e.g. "Starts of Apple Jack". */
  label: string;
  offset: number;
  limit: number;
  total: number;
  onMove(offset: number): void;
  /** The buttons' words: "Previous"/"Next", or "Newer"/"Older" for a list newest first. */
  previous?: string;
  next?: string;
  /** Nothing at all when every row fits on one page. */
  hideWhenOnePage?: boolean;
  small?: boolean;
}) {
  if (hideWhenOnePage && total <= limit) return null;
  const last = Math.min(offset + limit, total);
  const button = small ? 'button secondary small' : 'button secondary';
  return (
    <nav className="pager" aria-label={`${label}: pages`}>
      <button
        type="button"
        className={button}
        onClick={() => onMove(Math.max(0, offset - limit))}
        disabled={offset <= 0}
      >
        {previous}
      </button>
      <span>
        {formatNumber(offset + 1)}–{formatNumber(last)} of {formatNumber(total)}
      </span>
      <button type="button" className={button} onClick={() => onMove(offset + limit)} disabled={last >= total}>
        {next}
      </button>
    </nav>
  );
}
