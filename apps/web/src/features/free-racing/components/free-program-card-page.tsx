import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useFreeBoards } from '../api/boards';
import { useMyFreePicks } from '../api/my-picks';
import { FreeHorsesTable } from './free-horses-table';
import { FREE_STATUS_TEXT } from './free-text';
import './free-racing.css';

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** /free-program-card: every board of the set with its horses, jockeys and odds (read again every 15 s). */
export function FreeProgramCardPage() {
  const boards = useFreeBoards();
  const session = useSession();
  const picks = useMyFreePicks(session !== null);
  const items = boards.data?.items ?? [];

  return (
    <Page title="Free Program Card">
      <p>
        Free races: seven horses a board, odds that change for five minutes, then anyone may start the race. Pick a
        horse for free and score points when it wins — the longer the odds, the more points.
      </p>
      {boards.isPending ? (
        <Loading text="Loading the free boards..." />
      ) : boards.isError ? (
        <ErrorMessage error={boards.error} />
      ) : items.length === 0 ? (
        <EmptyState>No free boards are open right now: a new set is made in a moment.</EmptyState>
      ) : (
        <div className="free-card-list">
          {items.map((b) => (
            <section key={b.id} className="free-panel" aria-labelledby={`free-card-${b.id}`}>
              <header className="free-panel-header">
                <h2 id={`free-card-${b.id}`}>{b.name}</h2>
                <span className={`free-status free-status-${b.status}`}>{FREE_STATUS_TEXT[b.status]}</span>
              </header>
              <p className="free-timer">
                Odds {b.status === 'odds' ? 'change until' : 'closed at'} {timeOf(b.odds_close_at)} · {b.picks}{' '}
                {b.picks === 1 ? 'pick' : 'picks'}
              </p>
              <FreeHorsesTable board={b} pickedPost={picks.data?.items.find((p) => p.board_id === b.id)?.post} />
              <div className="free-actions">
                <Link className="button" to={`/free-tote-board?board=${b.id}`}>
                  Live odds and picks
                </Link>
                <Link className="button secondary" to={`/free-race?board=${b.id}`}>
                  Race
                </Link>
              </div>
            </section>
          ))}
        </div>
      )}
    </Page>
  );
}
