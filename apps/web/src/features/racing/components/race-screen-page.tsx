import { Component, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { monotonicNow, type RaceRoomStore } from '../../../components/race/race-store';
import { RESULTS_DELAY_MS } from '../../../components/race/race-view';
import { Page } from '../../../components/ui/page';
import { ScratchedList } from '../../../components/ui/scratched-list';
import { ErrorMessage } from '../../../components/ui/status';
import { useRaceRoom } from '../hooks/use-race-room';
import { parseRaceId } from './race-ids';
import { CountdownOverlay, LeaderboardOverlay, PhaseBadge, RaceTracker, ResultOverlay, TopFour } from './race-overlays';

// Pixi loads with the race screen only, never with the home route.
const RaceCanvas = lazy(async () => ({ default: (await import('../../../components/race/race-canvas')).RaceCanvas }));

export const PRELOAD_MESSAGE = 'Loading images will take a few seconds...';

/** /race/:id — the live race: picture, countdown, tracker, top four and leaderboard, then the results. */
export function RaceScreenPage() {
  const { id } = useParams();
  const raceId = parseRaceId(id);
  if (raceId === null) {
    return (
      <Page title="Race">
        <ErrorMessage text={`Error: '${id ?? ''}' is not a race id.`} />
        <p>
          <Link to="/current-race-screens">Current races</Link>
        </p>
      </Page>
    );
  }
  return <RaceScreen key={raceId} raceId={raceId} />;
}

function RaceScreen({ raceId }: { raceId: number }) {
  const store = useRaceRoom(raceId);
  const snapshot = useStore(store, (s) => s.snapshot);
  const connection = useStore(store, (s) => s.connection);
  const error = useStore(store, (s) => s.error);
  const phase = useStore(store, (s) => s.phase);
  const [pictureReady, setPictureReady] = useState(false);
  const onReady = useCallback(() => setPictureReady(true), []);
  useResultsRedirect(store, raceId);

  if (connection === 'error' && !snapshot) {
    return (
      <Page title={`Race ${raceId}`}>
        <ErrorMessage text={error ?? 'The race could not be joined.'} />
        <p>
          <Link to="/current-race-screens">See the races running now and next to post</Link>
        </p>
      </Page>
    );
  }

  const title = snapshot ? snapshot.race_name : `Race ${raceId}`;
  return (
    <section className="page race-screen" aria-labelledby="page-title">
      <header className="page-header race-screen-header">
        <div>
          <h1 id="page-title" className="race-title">
            {title}
          </h1>
          {snapshot ? (
            <p className="race-meta">
              <Link to={`/page-track/${snapshot.track_id}`}>{snapshot.track_name}</Link> · {snapshot.furlongs} f ·{' '}
              {snapshot.surface_type} · {snapshot.track_condition} · {snapshot.entries.length} runners
            </p>
          ) : null}
        </div>
        <PhaseBadge store={store} />
      </header>
      {phase === 'cancelled' ? <ErrorMessage text="This race was cancelled." /> : null}
      <div className="race-layout">
        <div className="race-stage">
          {snapshot ? (
            <CanvasBoundary onFail={onReady}>
              <Suspense fallback={null}>
                <RaceCanvas store={store} onReady={onReady} />
              </Suspense>
            </CanvasBoundary>
          ) : null}
          {!pictureReady ? (
            <div className="race-preload" role="status">
              <span className="spinner" aria-hidden="true" />
              {PRELOAD_MESSAGE}
            </div>
          ) : null}
          <CountdownOverlay store={store} />
          <TopFour store={store} />
          <ResultOverlay store={store} raceId={raceId} />
        </div>
        <LeaderboardOverlay store={store} raceId={raceId} />
      </div>
      <RaceTracker store={store} />
      {snapshot ? <ScratchedList scratched={snapshot.scratched} /> : null}
    </section>
  );
}

/** Five seconds after the result (spec §4), the results page of this race. */
function useResultsRedirect(store: RaceRoomStore, raceId: number) {
  const navigate = useNavigate();
  const resultAt = useStore(store, (s) => s.resultAt);
  useEffect(() => {
    if (resultAt === null) return;
    const wait = Math.max(0, RESULTS_DELAY_MS - (monotonicNow() - resultAt));
    const timer = setTimeout(() => void navigate(`/race-results?id=${raceId}`), wait);
    return () => clearTimeout(timer);
  }, [resultAt, raceId, navigate]);
}

/** If Pixi cannot start here (no WebGL, no canvas), the overlays still follow the race. */
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
        The race picture could not start in this browser; the tracker below follows the race.
      </p>
    ) : (
      this.props.children
    );
  }
}
