import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading, ReconnectingNotice } from '../../../components/ui/status';
import { useSession } from '../../../lib/session';
import { useFreeBoards } from '../api/boards';
import { useMyFreePicks } from '../api/my-picks';
import { useFreeBoard } from '../hooks/free-board-store';
import { useFreeRoom } from '../hooks/use-free-room';
import { FreeBoardPanel } from './free-board-panel';
import { FREE_STATUS_TEXT } from './free-text';
import './free-racing.css';

/** /free-tote-board: the set's boards to choose from, the chosen one's odds live (room `free:{id}`). */
export function FreeToteBoardPage() {
  const boards = useFreeBoards();
  const session = useSession();
  const picks = useMyFreePicks(session !== null);
  const [params, setParams] = useSearchParams();
  const items = boards.data?.items ?? [];
  const wanted = Number(params.get('board'));
  const chosen = items.find((b) => b.id === wanted) ?? items[0];
  useFreeRoom(chosen?.id);
  const board = useFreeBoard(chosen?.id ?? 0, chosen);

  return (
    <Page title="Free Tote Board">
      <ReconnectingNotice what="the free boards" />
      {boards.isPending ? (
        <Loading text="Loading the free boards..." />
      ) : boards.isError ? (
        <ErrorMessage error={boards.error} />
      ) : items.length === 0 || !board ? (
        <EmptyState>No free boards are open right now: a new set is made in a moment.</EmptyState>
      ) : (
        <>
          <nav aria-label="Free boards" className="free-tabs">
            {items.map((b) => (
              <button
                key={b.id}
                type="button"
                className={`button small ${b.id === board.id ? '' : 'secondary'}`}
                aria-pressed={b.id === board.id}
                onClick={() => setParams({ board: String(b.id) })}
                title={FREE_STATUS_TEXT[b.status]}
              >
                {b.name}
              </button>
            ))}
          </nav>
          <FreeBoardPanel board={board} myPick={picks.data?.items.find((p) => p.board_id === board.id)} />
        </>
      )}
    </Page>
  );
}
