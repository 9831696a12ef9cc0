import type { FreeBoard, FreeRaceFrame } from '@furlong/contracts';
import { Component, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading, ReconnectingNotice } from '../../../components/ui/status';
import { useFreeBoardQuery } from '../api/board';
import { useFreeBoards } from '../api/boards';
import { useStartFreeRace } from '../api/start-race';
import { useFreeBoard, useFreeBoardStore } from '../hooks/free-board-store';
import { createRaceStore, freeSnapshot, replayFrames, toRaceFrame } from '../hooks/free-race-store';
import { meterReadouts } from '../hooks/meters';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { useFreeRoom } from '../hooks/use-free-room';
import { type FreeVerdict, verifyFreeRace } from '../hooks/verify';
import { FREE_STATUS_TEXT } from './free-text';
import './free-racing.css';

const RaceCanvas = lazy(async () => ({ default: (await import('../../../components/race/race-canvas')).RaceCanvas }));

export const FREE_PRELOAD_MESSAGE = 'Loading images will take a few seconds...';
/** The image preloading screen stays at least this long before the track is swapped in (spec §9). */
export const TRACK_SWAP_MS = 2_000;
const SAMPLE_MS = 500;

/** /free-race?board={id}: a free board's race on the shared race screen, watched together live. */
export function FreeRacePage() {
  const [params] = useSearchParams();
  const raw = params.get('board');
  const wanted = raw !== null && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const boards = useFreeBoards();
  const one = useFreeBoardQuery(wanted);
  const fromRest = wanted === null ? boards.data?.items[0] : one.data;
  const pending = wanted === null ? boards.isPending : one.isPending;
  const error = wanted === null ? boards.error : one.error;

  if (raw !== null && wanted === null) {
    return (
      <Page title="Free Race">
        <ErrorMessage text={`Error: '${raw}' is not a board id.`} />
      </Page>
    );
  }
  if (pending) return <Page title="Free Race">{<Loading text="Loading the free race..." />}</Page>;
  if (error) return <Page title="Free Race">{<ErrorMessage error={error} />}</Page>;
  if (!fromRest) {
    return (
      <Page title="Free Race">
        <EmptyState>No free boards are open right now: a new set is made in a moment.</EmptyState>
      </Page>
    );
  }
  return <FreeRaceScreen key={fromRest.id} fromRest={fromRest} others={boards.data?.items ?? []} />;
}

function FreeRaceScreen({ fromRest, others }: { fromRest: FreeBoard; others: FreeBoard[] }) {
  useFreeRoom(fromRest.id);
  const board = useFreeBoard(fromRest.id, fromRest) ?? fromRest;
  // A replay runs on a store of its own (the live one may hold frames of the race already).
  const [store, setStore] = useState(() => createRaceStore(fromRest.id));
  const start = useStartFreeRace();
  const left = useCountdown(board.odds_close_at, board.server_time);
  const [frames, setFrames] = useState<FreeRaceFrame[]>([]);
  const [replaying, setReplaying] = useState(false);
  const [pictureReady, setPictureReady] = useState(false);
  const [swapped, setSwapped] = useState(false);
  const onReady = useCallback(() => setPictureReady(true), []);

  // The preloading screen shows for 2 s at least, then the track.
  useEffect(() => {
    const timer = setTimeout(() => setSwapped(true), TRACK_SWAP_MS);
    return () => clearTimeout(timer);
  }, []);

  // The board as the race screen's snapshot, again on every change of status.
  const lastStatus = useRef<string | null>(null);
  useEffect(() => {
    if (replaying || lastStatus.current === board.status) return;
    lastStatus.current = board.status;
    store.getState().joined(freeSnapshot(board));
  }, [board, store, replaying]);

  // Live frames from the room go to the race screen and the meters.
  const live = useFreeBoardStore((s) => s.frames[fromRest.id]);
  useEffect(() => {
    if (!live || replaying) return;
    store.getState().frame(toRaceFrame(live));
    setFrames((known) => (known.some((f) => f.s === live.s) ? known : [...known, live]));
  }, [live, store, replaying]);

  // A finished race replayed here from its revealed seed, at the speed it ran.
  const replay = () => {
    if (!board.seed) return;
    setStore(createRaceStore(board.id));
    setFrames([]);
    setReplaying(true);
  };
  useEffect(() => {
    if (!replaying) return;
    store.getState().joined({ ...freeSnapshot(board), phase: 'running' });
    const all = replayFrames(board);
    let s = 0;
    const timer = setInterval(() => {
      const f = all[s];
      if (!f) {
        clearInterval(timer);
        setReplaying(false);
        return;
      }
      store.getState().frame(toRaceFrame(f));
      setFrames((known) => [...known, f]);
      s++;
    }, SAMPLE_MS);
    return () => clearInterval(timer);
  }, [replaying, board, store]);

  const meters = meterReadouts(frames, 6);
  const leader = meters ? board.horses.find((h) => h.post === meters.leaderPost) : undefined;
  const latest = frames.at(-1);
  const winner = board.finish_order ? board.horses.find((h) => h.post === board.finish_order?.[0]) : undefined;
  const oddsOpen = board.status === 'odds' && left !== null && left > 0;

  return (
    <section className="page race-screen" aria-labelledby="page-title">
      <header className="page-header race-screen-header">
        <div>
          <h1 id="page-title" className="race-title">
            {board.name}
          </h1>
          <p className="race-meta">6 f · Dirt · Fast · 7 runners · free race, no money</p>
        </div>
        <span className={`free-status free-status-${board.status}`}>{FREE_STATUS_TEXT[board.status]}</span>
      </header>
      <ReconnectingNotice what="the free race" />
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
        {board.status === 'finished' ? (
          <button type="button" className="button secondary" disabled={replaying} onClick={replay}>
            Replay race
          </button>
        ) : null}
        <Link className="button secondary" to={`/free-tote-board?board=${board.id}`}>
          Odds and picks
        </Link>
      </div>
      {oddsOpen && left !== null ? (
        <p className="free-timer">The odds change for {formatCountdown(left)} more; then anyone may start the race.</p>
      ) : null}
      {start.isError ? <ErrorMessage error={start.error} /> : null}
      <div className="race-stage">
        <CanvasBoundary onFail={onReady}>
          <Suspense fallback={null}>
            <RaceCanvas store={store} onReady={onReady} />
          </Suspense>
        </CanvasBoundary>
        {!pictureReady || !swapped ? (
          <div className="race-preload" role="status">
            <span className="spinner" aria-hidden="true" />
            {FREE_PRELOAD_MESSAGE}
          </div>
        ) : null}
      </div>
      <section className="free-panel free-stream" aria-labelledby="free-stream-title">
        <h2 id="free-stream-title">Live stream</h2>
        {meters ? (
          <dl className="free-meters">
            <div>
              <dt>Race time</dt>
              <dd>{meters.raceTimeS.toFixed(1)} s</dd>
            </div>
            <div>
              <dt>Leader</dt>
              <dd>
                {meters.leaderPost} {leader?.horse_name}
              </dd>
            </div>
            <div>
              <dt>Leader's speed</dt>
              <dd>
                {meters.leaderSpeedMps.toFixed(1)} m/s ({meters.leaderSpeedMph.toFixed(1)} mph)
              </dd>
            </div>
            <div>
              <dt>Leader's last furlong</dt>
              <dd>
                {meters.lastSplitS === null ? '—' : `${meters.lastSplitS.toFixed(2)} s (furlong ${meters.furlongsRun})`}
              </dd>
            </div>
          </dl>
        ) : (
          <p className="free-timer">
            {board.status === 'finished'
              ? 'The race has finished: replay it to see the meters again.'
              : 'The meters start with the race.'}
          </p>
        )}
        {latest ? (
          <ol className="free-order" aria-label="Running order">
            {latest.l.map((post) => (
              <li key={post}>
                {post} {board.horses.find((h) => h.post === post)?.horse_name}
              </li>
            ))}
          </ol>
        ) : null}
      </section>
      {board.status === 'finished' && winner ? (
        <section className="free-panel" aria-labelledby="free-result-title">
          <h2 id="free-result-title">Result</h2>
          <p>
            Won by <strong>{winner.horse_name}</strong> (final odds {winner.odds}): a pick on it scores by the odds
            taken, {winner.points} points at the final odds.
          </p>
          <VerifyFreeRace board={board} />
        </section>
      ) : null}
      {others.length > 1 ? (
        <nav aria-label="Other free races" className="free-tabs">
          {others
            .filter((b) => b.id !== board.id)
            .map((b) => (
              <Link key={b.id} className="button small secondary" to={`/free-race?board=${b.id}`}>
                {b.name}
              </Link>
            ))}
        </nav>
      ) : null}
    </section>
  );
}

function VerifyFreeRace({ board }: { board: FreeBoard }) {
  const [verdict, setVerdict] = useState<FreeVerdict | null>(null);
  return (
    <div>
      <p className="free-fair">
        Seed hash: <code>{board.seed_hash}</code>
        <br />
        Seed: <code>{board.seed}</code>
      </p>
      <button type="button" className="button small" onClick={() => void verifyFreeRace(board).then(setVerdict)}>
        Verify
      </button>{' '}
      {verdict ? (
        <span role="status">
          {verdict.ok ? 'Verified: the seed matches and the race runs the same here.' : verdict.reason}
        </span>
      ) : null}
    </div>
  );
}

/** If Pixi cannot start here (no WebGL, no canvas), the meters and running order still follow the race. */
class CanvasBoundary extends Component<{ children: ReactNode; onFail: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? (
      <p className="status status-error race-canvas-failed" role="alert">
        The race picture could not start in this browser; the live stream below follows the race.
      </p>
    ) : (
      this.props.children
    );
  }
}
