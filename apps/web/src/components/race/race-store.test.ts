import type { LiveRaceResult, RaceFrame, RaceSnapshot } from '@furlong/contracts';
import { makeResult, makeSnapshot } from '../../../test/fixtures';
import { progressAt } from './interpolation';
import {
  applyCountdown,
  applyFrame,
  applyPhase,
  applyResult,
  applySnapshot,
  createRaceStore,
  initialRoomState,
  wallMsToPost,
} from './race-store';
import { GATE_FADE_MS, gateAlpha, placeLabel, RUN_OUT_DONE_MS, runningOrder, sceneAtRest } from './race-view';

const frame = (s: number, p: number[], l = [1, 2, 3]): RaceFrame => ({
  r: 7,
  s,
  c: s * 500,
  ts: 1_000_000 + s * 500,
  p,
  v: [16, 16, 16],
  l,
});

describe(wallMsToPost.name, () => {
  it('should turn racing-clock time to post into wall time by the time scale', () => {
    expect(wallMsToPost('2026-11-23T13:00:00.000Z', '2026-11-23T12:59:00.000Z', 1)).toBe(60_000);
    expect(wallMsToPost('2026-11-23T13:00:00.000Z', '2026-11-23T12:59:00.000Z', 60)).toBe(1000);
  });
});

describe('the race store', () => {
  const joined = (patch: Partial<RaceSnapshot> = {}, now = 1000) =>
    applySnapshot(initialRoomState(7), makeSnapshot(patch), now);

  it('should set the off from the snapshot before the race, by the server clock and its time scale', () => {
    const sut = joined({ server_time: '2026-11-23T12:58:00.000Z', time_scale: 4 }, 1000);
    expect(sut).toMatchObject({ connection: 'live', phase: 'open', offAt: 1000 + 30_000 });
    expect(gateAlpha(sut.offAt, sut.phase, 5000)).toBe(1);
  });

  it('should move the off with every countdown', () => {
    const sut = applyCountdown(
      joined(),
      {
        race_id: 7,
        server_time: '2026-11-23T12:59:50.000Z',
        post_time: '2026-11-23T13:00:00.000Z',
        seconds_to_post: 10,
      },
      2000,
    );
    expect(sut.offAt).toBe(12_000);
  });

  it('should draw a late joiner the field where the snapshot frame has it, at once', () => {
    const sut = joined({ phase: 'running', frame: frame(40, [0.5, 0.6, 0.4]) }, 1000);
    expect(sut.segment && progressAt(sut.segment, 1000)).toEqual([0.5, 0.6, 0.4]);
    // The off was 40 samples ago: the gate is long gone.
    expect(sut.offAt).toBe(1000 - 40 * 500);
    expect(gateAlpha(sut.offAt, sut.phase, 1000)).toBe(0);
  });

  it('should run the first frame of a race watched from the gate out of the gate', () => {
    const sut = applyFrame(joined(), frame(1, [0.01, 0.012, 0.008]), 5000);
    expect(sut.phase).toBe('running');
    expect(sut.segment && progressAt(sut.segment, 5000)).toEqual([0, 0, 0]);
    expect(sut.segment && progressAt(sut.segment, 5500)).toEqual([0.01, 0.012, 0.008]);
  });

  it('should keep the last two frames and ignore a repeated or older one', () => {
    let sut = applyFrame(joined(), frame(1, [0.01, 0.01, 0.01]), 5000);
    sut = applyFrame(sut, frame(2, [0.02, 0.02, 0.02]), 5500);
    expect([sut.prev?.frame.s, sut.latest?.frame.s]).toEqual([1, 2]);
    expect(applyFrame(sut, frame(2, [0.5, 0.5, 0.5]), 5600)).toBe(sut);
    expect(applyFrame(sut, { ...frame(3, [0.5, 0.5, 0.5]), r: 8 }, 5600)).toBe(sut);
  });

  it('should fade the start gate out over 2 s of race time from the off', () => {
    const sut = applyPhase(joined(), { race_id: 7, phase: 'running', server_time: '2026-11-23T13:00:00.000Z' }, 10_000);
    expect(sut.offAt).toBe(10_000);
    expect(gateAlpha(sut.offAt, sut.phase, 10_000)).toBe(1);
    expect(gateAlpha(sut.offAt, sut.phase, 10_000 + GATE_FADE_MS / 2)).toBeCloseTo(0.5, 10);
    expect(gateAlpha(sut.offAt, sut.phase, 10_000 + GATE_FADE_MS)).toBe(0);
    // At 4× the racing clock, 2 s of race time is half a second of wall time.
    expect(gateAlpha(sut.offAt, sut.phase, 10_000 + GATE_FADE_MS / 8, 4)).toBeCloseTo(0.5, 10);
  });

  it('should not let a late phase event move the race back', () => {
    const running = applyFrame(joined(), frame(0, [0, 0, 0]), 5000);
    expect(applyPhase(running, { race_id: 7, phase: 'closed', server_time: '' }, 5100).phase).toBe('running');
    const finished = applyResult(running, makeResult(), 9000);
    expect(applyPhase(finished, { race_id: 7, phase: 'running', server_time: '' }, 9100).phase).toBe('finished');
  });

  it('should take the result once and say when it came', () => {
    const result: LiveRaceResult = makeResult();
    const sut = applyResult(joined(), result, 9000);
    expect(sut).toMatchObject({ phase: 'finished', result, resultAt: 9000 });
    expect(applyResult(sut, { ...result, result_id: 99 }, 9500)).toBe(sut);
  });

  it('should write through its actions with its own clock', () => {
    let now = 100;
    const sut = createRaceStore(7, () => now);
    sut.getState().joined(makeSnapshot());
    now = 600;
    sut.getState().frame(frame(1, [0.1, 0.1, 0.1]));
    expect(sut.getState().latest?.arrivedAt).toBe(600);
    sut.getState().disconnected();
    expect(sut.getState().connection).toBe('reconnecting');
    sut.getState().failed('Current race 7 not found');
    expect(sut.getState()).toMatchObject({ connection: 'error', error: 'Current race 7 not found' });
  });
});

describe(runningOrder.name, () => {
  const snapshot = makeSnapshot();

  it('should be Loading (null) until the room has answered', () => {
    expect(runningOrder({ snapshot: null, latest: null, result: null })).toBeNull();
  });

  it('should list the field in post order at the gate, by the frame while running, by the result at the end', () => {
    const names = (order: ReturnType<typeof runningOrder>) => order?.map((p) => p.entry.horse_name);
    expect(names(runningOrder({ snapshot, latest: null, result: null }))).toEqual([
      'Silver Comet',
      'Night Ledger',
      'Copper Kettle',
    ]);
    const latest = { frame: frame(9, [0.1, 0.3, 0.2], [2, 3, 1]), arrivedAt: 0 };
    expect(names(runningOrder({ snapshot, latest, result: null }))).toEqual([
      'Night Ledger',
      'Copper Kettle',
      'Silver Comet',
    ]);
    expect(names(runningOrder({ snapshot, latest, result: makeResult() }))).toEqual([
      'Copper Kettle',
      'Silver Comet',
      'Night Ledger',
    ]);
  });

  it('should still show a runner the order leaves out, at the back', () => {
    const latest = { frame: frame(9, [0.1, 0.3, 0.2], [2]), arrivedAt: 0 };
    expect(runningOrder({ snapshot, latest, result: null })?.map((p) => [p.place, p.entry.post_position])).toEqual([
      [1, 2],
      [2, 1],
      [3, 3],
    ]);
  });
});

describe(placeLabel.name, () => {
  it('should call the leader 1st while running and the winner Winner once official', () => {
    expect([1, 2, 3, 4].map((p) => placeLabel(p, false))).toEqual(['1st', '2nd', '3rd', '4th']);
    expect(placeLabel(1, true)).toBe('Winner');
  });
});

describe(sceneAtRest.name, () => {
  const still = { phase: 'open' as const, dust: 0, legSpeed: 0, cameraGap: 0, sinceLastFinish: null };

  it('should call the field standing at the gate before the off still', () => {
    expect(sceneAtRest(still)).toBe(true);
    expect(sceneAtRest({ ...still, phase: null })).toBe(true);
    expect(sceneAtRest({ ...still, phase: 'closed' })).toBe(true);
  });

  it('should never call a running race still, even with nobody moving yet', () => {
    expect(sceneAtRest({ ...still, phase: 'running' })).toBe(false);
  });

  it('should wait after the finish for the run-out, the dust, the legs and the camera to settle', () => {
    const finished = { ...still, phase: 'finished' as const, sinceLastFinish: RUN_OUT_DONE_MS };
    expect(sceneAtRest(finished)).toBe(true);
    expect(sceneAtRest({ ...finished, sinceLastFinish: RUN_OUT_DONE_MS - 1 })).toBe(false);
    expect(sceneAtRest({ ...finished, dust: 1 })).toBe(false);
    expect(sceneAtRest({ ...finished, legSpeed: 0.2 })).toBe(false);
    expect(sceneAtRest({ ...finished, cameraGap: -3 })).toBe(false);
    expect(sceneAtRest({ ...finished, legSpeed: 0.01, cameraGap: 0.2 })).toBe(true);
  });
});
