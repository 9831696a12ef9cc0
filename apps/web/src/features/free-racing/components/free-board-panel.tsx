import type { FreeBoard, FreePick } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { usePickFreeHorse } from '../api/pick';
import { useStartFreeRace } from '../api/start-race';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { FreeHorsesTable } from './free-horses-table';
import { FREE_STATUS_TEXT } from './free-text';

/**
 * One free board live: its status and the time left for the odds, the horses with their odds
 * (picks for signed-in players until the start), Start Race once the odds have closed, and the
 * result with the revealed seed after the finish.
 */
export function FreeBoardPanel({ board, myPick }: { board: FreeBoard; myPick?: FreePick }) {
  const session = useSession();
  const start = useStartFreeRace();
  const pick = usePickFreeHorse();
  const left = useCountdown(board.odds_close_at, board.server_time);
  const oddsOpen = board.status === 'odds' && left !== null && left > 0;
  const canPick = session !== null && (board.status === 'odds' || board.status === 'ready');
  const winner = board.finish_order ? board.horses.find((h) => h.post === board.finish_order?.[0]) : undefined;

  return (
    <section className="free-panel" aria-labelledby={`free-board-${board.id}`}>
      <header className="free-panel-header">
        <h2 id={`free-board-${board.id}`}>{board.name}</h2>
        <span className={`free-status free-status-${board.status}`}>{FREE_STATUS_TEXT[board.status]}</span>
      </header>
      <p className="free-timer" aria-live="polite">
        {oddsOpen && left !== null
          ? `Odds change for ${formatCountdown(left)} more; then the race can start.`
          : board.status === 'odds' || board.status === 'ready'
            ? 'The odds are final: anyone may start the race.'
            : board.status === 'running'
              ? 'The race is on.'
              : winner
                ? `Won by ${winner.horse_name} (${winner.odds}).`
                : 'The race has finished.'}
      </p>
      <FreeHorsesTable
        board={board}
        pickedPost={myPick?.post ?? null}
        onPick={canPick ? (post) => pick.mutate({ boardId: board.id, post }) : undefined}
        picking={pick.isPending}
      />
      {pick.isError ? <ErrorMessage error={pick.error} /> : null}
      {myPick ? (
        <p>
          Your pick: <strong>{myPick.horse_name}</strong> at {myPick.odds}
          {myPick.points !== null ? ` — ${myPick.points} points` : ''}
        </p>
      ) : session === null ? (
        <p>
          <Link to="/login">Log in</Link> to pick a horse for free and score points.
        </p>
      ) : null}
      <div className="free-actions">
        {board.status === 'odds' || board.status === 'ready' ? (
          <button
            type="button"
            className="button"
            disabled={oddsOpen || start.isPending}
            onClick={() => start.mutate(board.id)}
          >
            Start Race
          </button>
        ) : null}
        <Link className="button secondary" to={`/free-race?board=${board.id}`}>
          {board.status === 'finished' ? 'Replay race' : 'Watch race'}
        </Link>
      </div>
      {start.isError ? <ErrorMessage error={start.error} /> : null}
      <p className="free-fair">
        Seed hash (SHA-256): <code>{board.seed_hash}</code>
        {board.seed ? (
          <>
            <br />
            Seed (revealed after the finish): <code>{board.seed}</code>
          </>
        ) : null}
      </p>
    </section>
  );
}
