import type { CurrentRaceStatus } from '@furlong/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { monotonicNow, type RaceRoomStore } from '../../../components/race/race-store';
import {
  LEADERBOARD_NAMES,
  placeLabel,
  RESULTS_DELAY_MS,
  runningOrder,
  TOP_PLACES,
} from '../../../components/race/race-view';
import { DeadHeatMark } from '../../../components/ui/dead-heat';
import { PostChip } from '../../../components/ui/post-chip';
import { formatCountdown, formatRaceTime } from '../../../lib/format';

/** Re-renders every `intervalMs` while enabled; returns the store's clock (performance.now()) at render. */
function useTicker(intervalMs: number, enabled = true): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setTick((n) => n + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return monotonicNow();
}

/** The running order from the store, or null while the room has not answered. */
function useRunningOrder(store: RaceRoomStore) {
  const snapshot = useStore(store, (s) => s.snapshot);
  const latest = useStore(store, (s) => s.latest);
  const result = useStore(store, (s) => s.result);
  return runningOrder({ snapshot, latest, result });
}

/** Whether the race has an order yet: a frame or the result (before the off the field stands in post order). */
function useUnderWay(store: RaceRoomStore): boolean {
  return useStore(store, (s) => s.latest !== null || s.result !== null);
}

/**
 * Race number and the first 12 names in running order, or Loading (spec §2.3, §9). Before the off
 * there is no order: the field in post order, plainly, with jockeys and the morning line.
 */
export function LeaderboardOverlay({ store, raceId }: { store: RaceRoomStore; raceId: number }) {
  const order = useRunningOrder(store);
  const underWay = useUnderWay(store);
  const raceName = useStore(store, (s) => s.snapshot?.race_name);
  if (order && !underWay) {
    return (
      <section className="leaderboard-overlay field-list" aria-label="The field">
        <h2>
          The field
          {raceName ? <span className="hint"> · {raceName}</span> : null}
        </h2>
        <ol>
          {order.map(({ entry }) => (
            <li key={entry.post_position}>
              <PostChip post={entry.post_position} />
              <span className="runner">
                <span className="name">{entry.horse_name}</span>
                <span className="jockey">{entry.jockey_name}</span>
              </span>
              {entry.morning_line ? (
                <span className="ml" title="Morning line">
                  {entry.morning_line}
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    );
  }
  return (
    <section className="leaderboard-overlay" aria-label="Leaderboard">
      <h2>
        Race {raceId}
        {raceName ? <span className="hint"> · {raceName}</span> : null}
      </h2>
      {order ? (
        <ol>
          {order.slice(0, LEADERBOARD_NAMES).map(({ place, entry }) => (
            <li key={entry.post_position}>
              <span className="place">{place}</span>
              <PostChip post={entry.post_position} />
              <span className="name">{entry.horse_name}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="status" role="status">
          Loading
        </p>
      )}
    </section>
  );
}

/** Live top four: 1st, 2nd, 3rd, 4th while running; the winner and the placed horses at the finish. */
export function TopFour({ store }: { store: RaceRoomStore }) {
  const order = useRunningOrder(store);
  const official = useStore(store, (s) => s.result !== null);
  const phase = useStore(store, (s) => s.phase);
  if (!order || (phase !== 'running' && !official)) return null;
  return (
    <section className="top-four" aria-label={official ? 'Result' : 'Live top 4'}>
      <h2>{official ? 'Result' : 'Live top 4'}</h2>
      <ol>
        {order.slice(0, TOP_PLACES).map(({ place, entry }) => (
          <li key={entry.post_position}>
            <span className="place">{placeLabel(place, official)}</span>
            <PostChip post={entry.post_position} />
            <span className="name">{entry.horse_name}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The race tracker: every runner in running order with its place (post order, no places, before the off), post number, horse number and name. */
export function RaceTracker({ store }: { store: RaceRoomStore }) {
  const order = useRunningOrder(store);
  const underWay = useUnderWay(store);
  if (!order) return null;
  return (
    <section className="race-tracker" aria-label="Race tracker">
      <div className="table-scroll">
        <table>
          <caption className="visually-hidden">Race tracker</caption>
          <thead>
            <tr>
              {underWay ? <th scope="col">Pos</th> : null}
              <th scope="col">Post</th>
              <th scope="col">Horse no.</th>
              <th scope="col">Horse</th>
              <th scope="col">Jockey</th>
            </tr>
          </thead>
          <tbody>
            {order.map(({ place, entry }) => (
              <tr key={entry.post_position}>
                {underWay ? <td className="num">{place}</td> : null}
                <td>
                  <PostChip post={entry.post_position} />
                </td>
                <td className="num">{entry.horse_number}</td>
                <td>{entry.horse_name}</td>
                <td>{entry.jockey_name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const PHASE_LABELS: Record<CurrentRaceStatus, string> = {
  scheduled: 'Scheduled',
  open: 'Betting open',
  closed: 'Betting closed',
  running: 'Running',
  finished: 'Official',
  cancelled: 'Cancelled',
};

/** Before the off: the countdown to post by the server's racing clock, over the picture. */
export function CountdownOverlay({ store }: { store: RaceRoomStore }) {
  const phase = useStore(store, (s) => s.phase);
  const offAt = useStore(store, (s) => s.offAt);
  const preRace = phase === 'scheduled' || phase === 'open' || phase === 'closed';
  const now = useTicker(250, preRace);
  if (!preRace) return null;
  const left = offAt === null ? null : offAt - now;
  return (
    <div className="stage-banner countdown-banner">
      <span className="banner-label">{phase ? PHASE_LABELS[phase] : ''}</span>
      {left !== null && left > 0 ? (
        <span className="banner-time" role="timer" aria-label="Time to the off">
          {formatCountdown(Math.ceil(left / 1000) * 1000)}
        </span>
      ) : (
        <span className="banner-time">At the post</span>
      )}
    </div>
  );
}

/**
 * The race clock: the server's clock of the latest sample while running (it stops at the winner's
 * official time, so the clock at the finish reads what the result says), the winner's official time
 * once the result is in. Both in the results' format, m:ss.hh.
 */
export function raceClockText(state: {
  phase: CurrentRaceStatus | null;
  clockMs: number | null;
  winnerMs: number | null;
}): string | null {
  if (state.winnerMs !== null) return formatRaceTime(state.winnerMs);
  if (state.phase === 'running' && state.clockMs !== null) return formatRaceTime(state.clockMs);
  return null;
}

/** The phase, and the race clock while running and at the finish. */
export function PhaseBadge({ store }: { store: RaceRoomStore }) {
  const phase = useStore(store, (s) => s.phase);
  const clockMs = useStore(store, (s) => s.latest?.frame.c ?? null);
  const winnerMs = useStore(store, (s) => s.result?.finishers[0]?.finish_time_ms ?? null);
  const connection = useStore(store, (s) => s.connection);
  if (connection === 'reconnecting') return <span className="phase-badge warn">Reconnecting…</span>;
  if (!phase) return null;
  const clock = raceClockText({ phase, clockMs, winnerMs: phase === 'finished' ? winnerMs : null });
  return (
    <span className={`phase-badge phase-${phase}`}>
      {PHASE_LABELS[phase]}
      {clock ? (
        <>
          {' · '}
          <span className="race-clock-time" role="timer" aria-label="Race clock">
            {clock}
          </span>
        </>
      ) : null}
    </span>
  );
}

/** At the finish: the placed horses and their times, then the results page after 5 s. */
export function ResultOverlay({ store, raceId }: { store: RaceRoomStore; raceId: number }) {
  const result = useStore(store, (s) => s.result);
  const resultAt = useStore(store, (s) => s.resultAt);
  const now = useTicker(250, result !== null);
  if (!result || resultAt === null) return null;
  const left = Math.max(0, Math.ceil((RESULTS_DELAY_MS - (now - resultAt)) / 1000));
  return (
    <div className="result-overlay" role="status" aria-label="Official result">
      <h2>Official result</h2>
      <ol>
        {result.finishers.slice(0, TOP_PLACES).map((f) => (
          <li key={f.post_position}>
            <span className="place">
              {placeLabel(f.finish_position, true)}
              {f.dead_heat ? <DeadHeatMark /> : null}
            </span>
            <PostChip post={f.post_position} />
            <span className="name">{f.horse_name}</span>
            <span className="time">{formatRaceTime(f.finish_time_ms)}</span>
          </li>
        ))}
      </ol>
      <p className="result-next">
        Results in {left} s ·{' '}
        <Link className="result-next-link" to={`/race-results?id=${raceId}`}>
          See the results now
        </Link>
      </p>
    </div>
  );
}
