import {
  type CurrentRaceListResponse,
  type CurrentRaceStatus,
  IDEMPOTENCY_HEADER,
  type ListResponse,
  type RaceFrame,
  type RaceJoinReply,
  type RaceSnapshot,
  type ToteJoinReply,
  type TrackCardResponse,
} from '@furlong/contracts';
import { ApiError, getJson, sendJson } from '../../../lib/api-client';
import type { LiveSocket } from '../../../lib/socket';
import { newKey } from '../../../lib/unique-key';

/** How long a room join may take, and how long the check waits for a frame of the race. */
export const JOIN_TIMEOUT_MS = 10_000;
export const FRAME_WAIT_MS = 15_000;

export type StepState = 'pending' | 'running' | 'passed' | 'failed' | 'skipped';

/** A step that cannot apply now (no closed race to bet on, a finished race sends no frames): not a failure. */
export class StepSkipped extends Error {}

/** What the steps pass on to the later ones. */
export interface AppTestContext {
  socket: LiveSocket;
  /** The current race of /app-test/{id}, or null: the check finds one. */
  raceId: number | null;
  snapshot?: RaceSnapshot;
  /** Frames seen since the join (the listener is set before joining, so none is missed). */
  frames: RaceFrame[];
  onFrame?: () => void;
  /** Undo what the steps did on the socket (listeners, rooms), run after the last step. */
  cleanups: (() => void)[];
}

export interface AppTestStep {
  key: string;
  label: string;
  /** Runs the check; answers a short detail, throws Error (failed) or StepSkipped. */
  run(ctx: AppTestContext): Promise<string>;
}

/** Race statuses in the order a live-race check prefers them: one that sends frames first. */
const LIVE_ORDER: CurrentRaceStatus[] = ['running', 'open', 'closed', 'scheduled', 'finished'];

async function firstRace(statuses: CurrentRaceStatus[]) {
  for (const status of statuses) {
    const page = await getJson<CurrentRaceListResponse>('/current_races', { status, limit: 1 });
    if (page.items[0]) return page.items[0];
  }
  return null;
}

/** An acknowledged emit as a promise (the socket's own timeout turns a silent server into an error). */
function ask<R>(socket: LiveSocket, event: 'race:join' | 'tote:join', raceId: number): Promise<R> {
  return new Promise((resolve, reject) => {
    socket.timeout(JOIN_TIMEOUT_MS).emit(event, raceId, (err: Error | null, reply: unknown) => {
      if (err) reject(new Error(`No answer to ${event} in ${JOIN_TIMEOUT_MS / 1000} s`));
      else resolve(reply as R);
    });
  });
}

const describeError = (err: unknown) =>
  err instanceof ApiError
    ? `${err.status || 'no answer'}: ${err.message}`
    : err instanceof Error
      ? err.message
      : String(err);

const catalogStep: AppTestStep = {
  key: 'catalog',
  label: 'Catalog list (GET /api/horses?limit=5)',
  async run() {
    const page = await getJson<ListResponse<{ id: number }>>('/horses', { limit: 5 });
    if (!Array.isArray(page.items)) throw new Error('The answer has no items');
    return `${page.items.length} of ${page.total} horses`;
  },
};

const programStep: AppTestStep = {
  key: 'program',
  label: 'Program card (GET /api/program/tracks/{trackId}/card)',
  async run() {
    const tracks = await getJson<ListResponse<{ id: number }>>('/tracks', { limit: 1, sort: 'id' });
    const track = tracks.items[0];
    if (!track) throw new Error('No track in the catalog');
    const card = await getJson<TrackCardResponse>(`/program/tracks/${track.id}/card`);
    return `${card.track.track_name}, ${card.date}: ${card.races.length} races`;
  },
};

const joinStep: AppTestStep = {
  key: 'race-join',
  label: 'Live race join (race:join)',
  async run(ctx) {
    let raceId = ctx.raceId;
    if (raceId === null) {
      const race = await firstRace(LIVE_ORDER);
      if (!race) throw new Error('No current race to join');
      raceId = race.id;
    }
    const onFrame = (frame: RaceFrame) => {
      if (frame.r !== raceId) return;
      ctx.frames.push(frame);
      ctx.onFrame?.();
    };
    ctx.socket.on('race:frame', onFrame);
    ctx.cleanups.push(() => {
      ctx.socket.off('race:frame', onFrame);
      ctx.socket.emit('race:leave', raceId);
    });
    const reply = await ask<RaceJoinReply>(ctx.socket, 'race:join', raceId);
    if (!reply.ok) throw new Error(`Refused: ${reply.error}`);
    ctx.snapshot = reply.snapshot;
    const s = reply.snapshot;
    return `Race ${s.race_id} (${s.race_name}): ${s.phase}, ${s.entries.length} runners`;
  },
};

const frameStep: AppTestStep = {
  key: 'race-frame',
  label: `A frame received (within ${FRAME_WAIT_MS / 1000} s)`,
  async run(ctx) {
    const snapshot = ctx.snapshot;
    if (!snapshot) throw new Error('No race joined');
    if (snapshot.frame) return `Sample ${snapshot.frame.s} in the join snapshot`;
    if (snapshot.phase === 'finished' || snapshot.phase === 'cancelled') {
      throw new StepSkipped(`Race ${snapshot.race_id} is ${snapshot.phase}: it sends no frames`);
    }
    const frame =
      ctx.frames[0] ??
      (await new Promise<RaceFrame | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), FRAME_WAIT_MS);
        ctx.onFrame = () => {
          clearTimeout(timer);
          resolve(ctx.frames[0]);
        };
      }));
    ctx.onFrame = undefined;
    if (!frame)
      throw new Error(`No frame of race ${snapshot.race_id} (${snapshot.phase}) in ${FRAME_WAIT_MS / 1000} s`);
    return `Sample ${frame.s}, leader post ${frame.l[0] ?? '?'}`;
  },
};

const toteStep: AppTestStep = {
  key: 'tote',
  label: 'Tote room (tote:join)',
  async run(ctx) {
    const raceId = ctx.snapshot?.race_id ?? ctx.raceId;
    if (raceId === null) throw new Error('No race joined');
    ctx.cleanups.push(() => ctx.socket.emit('tote:leave', raceId));
    const reply = await ask<ToteJoinReply>(ctx.socket, 'tote:join', raceId);
    if (!reply.ok) throw new Error(`Refused: ${reply.error}`);
    const { tote } = reply;
    return `Race ${tote.race_id}: ${tote.pools.length} pools, ${tote.status}${tote.frozen ? ' (frozen)' : ''}`;
  },
};

/** Races that no longer take bets, in the order the refused-bet check looks for one. */
const CLOSED: CurrentRaceStatus[] = ['closed', 'running', 'finished', 'cancelled'];

const closedBetStep: AppTestStep = {
  key: 'closed-bet',
  label: 'A bet on a closed race refused (POST /api/bets: 409)',
  async run(ctx) {
    // The race joined when it no longer takes bets, else any race past its close.
    const own = ctx.snapshot && CLOSED.includes(ctx.snapshot.phase) ? ctx.snapshot.race_id : null;
    const raceId = own ?? (await firstRace(CLOSED))?.id;
    if (!raceId) throw new StepSkipped('No race past its close to bet on');
    try {
      await sendJson(
        'POST',
        '/bets',
        { bets: [{ bet_type: 'Win', race_ids: [raceId], amount_cents: 200, selections: [[1]] }] },
        { [IDEMPOTENCY_HEADER]: `app-test-${newKey()}` },
      );
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) return `Race ${raceId}: 409 ${err.message}`;
      throw new Error(`Race ${raceId}: expected 409, got ${describeError(err)}`);
    }
    throw new Error(`Race ${raceId}: the bet was placed (expected 409)`);
  },
};

export const APP_TEST_STEPS: readonly AppTestStep[] = [
  catalogStep,
  programStep,
  joinStep,
  frameStep,
  toteStep,
  closedBetStep,
];

export interface StepReport {
  key: string;
  label: string;
  state: StepState;
  ms: number | null;
  detail: string;
}

export const pendingReports = (): StepReport[] =>
  APP_TEST_STEPS.map((s) => ({ key: s.key, label: s.label, state: 'pending', ms: null, detail: '' }));

/**
 * Runs the steps in order, reporting each as it starts and ends; a failed step does not stop the
 * later ones (each says what it lacks). Rooms joined are left at the end. `isCancelled` stops
 * reporting (the page was left or the run restarted).
 */
export async function runAppTest(
  socket: LiveSocket,
  raceId: number | null,
  report: (index: number, patch: Partial<StepReport>) => void,
  isCancelled: () => boolean = () => false,
): Promise<void> {
  const ctx: AppTestContext = { socket, raceId, frames: [], cleanups: [] };
  try {
    for (const [index, step] of APP_TEST_STEPS.entries()) {
      if (isCancelled()) return;
      report(index, { state: 'running', detail: '' });
      const started = performance.now();
      let state: StepState = 'passed';
      let detail: string;
      try {
        detail = await step.run(ctx);
      } catch (err) {
        state = err instanceof StepSkipped ? 'skipped' : 'failed';
        detail = describeError(err);
      }
      if (isCancelled()) return;
      report(index, { state, detail, ms: Math.round(performance.now() - started) });
    }
  } finally {
    for (const cleanup of ctx.cleanups) cleanup();
  }
}
