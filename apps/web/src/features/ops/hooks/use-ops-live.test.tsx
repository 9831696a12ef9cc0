import type { OpsJoinReply } from '@furlong/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeOpsSocket } from '../../../../test/fake-socket';
import { makeOpsSnapshot } from '../../../../test/fixtures';
import { mockApi } from '../../../../test/render';
import { OPS_HISTORY_SIZE, OPS_STALE_AFTER_MS } from './ops-live-store';
import { OPS_JOIN_RETRY_MS, useOpsLive } from './use-ops-live';

let mockSocket = new FakeOpsSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

/** The snapshot made `n` seconds after 12:00:00 UTC, with `n` viewers. */
const second = (n: number) =>
  makeOpsSnapshot({
    at: new Date(Date.parse('2026-11-25T12:00:00.000Z') + n * 1000).toISOString(),
    totals: { viewers: n },
  });

const UNAUTHENTICATED: OpsJoinReply = { ok: false, error: 'Please log in.', reason: 'unauthenticated' };

function renderSut() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useOpsLive(), { wrapper });
}

describe(useOpsLive.name, () => {
  beforeEach(() => {
    mockSocket = new FakeOpsSocket();
    // GET /api/ops/live answers with the figures 30 s before, 99 viewers.
    mockApi({ '/api/ops/live': () => ({ ...second(-30), totals: { ...second(-30).totals, viewers: 99 } }) });
  });
  afterEach(() => jest.useRealTimers());

  it('should join the ops room on mount and show the snapshot of the reply as live', () => {
    mockSocket.joinReply = () => ({ ok: true, snapshot: second(1) });
    const { result } = renderSut();
    expect(mockSocket.joins()).toBe(1);
    expect(result.current.connection).toEqual({ kind: 'live' });
    expect(result.current.snapshot?.totals.viewers).toBe(1);
    expect(result.current.history).toHaveLength(1);
  });

  it('should take each ops:snapshot and drop one not newer than the last', () => {
    mockSocket.joinReply = () => ({ ok: true, snapshot: second(1) });
    const { result } = renderSut();
    act(() => {
      mockSocket.serverSends('ops:snapshot', second(2));
      mockSocket.serverSends('ops:snapshot', second(3));
      mockSocket.serverSends('ops:snapshot', second(2));
    });
    expect(result.current.snapshot?.at).toBe(second(3).at);
    expect(result.current.history.map((s) => s.totals.viewers)).toEqual([1, 2, 3]);
  });

  it('should keep the last 120 snapshots, oldest first', () => {
    mockSocket.joinReply = () => ({ ok: true, snapshot: second(0) });
    const { result } = renderSut();
    act(() => {
      for (let n = 1; n < 130; n++) mockSocket.serverSends('ops:snapshot', second(n));
    });
    expect(OPS_HISTORY_SIZE).toBe(120);
    expect(result.current.history).toHaveLength(120);
    expect(result.current.history[0]?.totals.viewers).toBe(10);
    expect(result.current.history.at(-1)?.totals.viewers).toBe(129);
  });

  it('should reopen the socket once and join again when the first join is refused as unauthenticated', () => {
    const replies: OpsJoinReply[] = [UNAUTHENTICATED, { ok: true, snapshot: second(1) }];
    mockSocket.joinReply = () => replies.shift() ?? UNAUTHENTICATED;
    // The new connection opens when the test says so, as a real handshake takes a while.
    const reopen = mockSocket.connect.bind(mockSocket);
    mockSocket.connect = () => mockSocket;
    const { result } = renderSut();
    expect(mockSocket.disconnects).toBe(1);
    // Its own reconnect is not shown as a dropped connection.
    expect(result.current.connection).toEqual({ kind: 'connecting' });
    act(() => void reopen());
    expect(mockSocket.joins()).toBe(2);
    expect(result.current.connection).toEqual({ kind: 'live' });
    expect(result.current.snapshot?.totals.viewers).toBe(1);
  });

  it('should show the refusal after a second unauthenticated reply, without reopening again', () => {
    mockSocket.joinReply = () => UNAUTHENTICATED;
    const { result } = renderSut();
    expect(mockSocket.disconnects).toBe(1);
    expect(mockSocket.joins()).toBe(2);
    expect(result.current.connection).toEqual({
      kind: 'refused',
      message: 'Please log in.',
      reason: 'unauthenticated',
    });
  });

  it('should show a forbidden refusal at once', () => {
    mockSocket.joinReply = () => ({ ok: false, error: 'Operators only.', reason: 'forbidden' });
    const { result } = renderSut();
    expect(mockSocket.disconnects).toBe(0);
    expect(mockSocket.joins()).toBe(1);
    expect(result.current.connection).toMatchObject({ kind: 'refused', message: 'Operators only.' });
  });

  it('should try again a few seconds after the server could not read the figures', () => {
    jest.useFakeTimers();
    const replies: OpsJoinReply[] = [{ ok: false, error: 'Figures unavailable.', reason: 'unavailable' }];
    mockSocket.joinReply = () => replies.shift() ?? { ok: true, snapshot: second(1) };
    const { result } = renderSut();
    expect(result.current.connection).toMatchObject({ kind: 'refused', reason: 'unavailable' });
    act(() => jest.advanceTimersByTime(OPS_JOIN_RETRY_MS));
    expect(mockSocket.joins()).toBe(2);
    expect(result.current.connection).toEqual({ kind: 'live' });
  });

  it('should say since when the connection dropped, and join again when it is back', () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-25T12:00:05.000Z') });
    const { result } = renderSut();
    act(() => {
      mockSocket.connected = false;
      mockSocket.serverSends('disconnect', 'transport close');
    });
    expect(result.current.connection).toEqual({ kind: 'disconnected', since: Date.parse('2026-11-25T12:00:05.000Z') });
    // A reconnect attempt that fails keeps the time it first dropped.
    act(() => jest.advanceTimersByTime(2000));
    act(() => mockSocket.serverSends('connect_error', new Error('refused')));
    expect(result.current.connection).toMatchObject({ since: Date.parse('2026-11-25T12:00:05.000Z') });
    act(() => mockSocket.connect());
    expect(mockSocket.joins()).toBe(2);
    expect(result.current.connection).toEqual({ kind: 'live' });
  });

  it('should mark the figures stale when no snapshot came for 3 s, and fresh again with the next', () => {
    jest.useFakeTimers();
    mockSocket.joinReply = () => ({ ok: true, snapshot: second(1) });
    const { result } = renderSut();
    act(() => jest.advanceTimersByTime(OPS_STALE_AFTER_MS - 1000));
    act(() => mockSocket.serverSends('ops:snapshot', second(2)));
    act(() => jest.advanceTimersByTime(OPS_STALE_AFTER_MS - 1));
    expect(result.current.stale).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    expect(result.current.stale).toBe(true);
    act(() => mockSocket.serverSends('ops:snapshot', second(3)));
    expect(result.current.stale).toBe(false);
  });

  it('should show GET /api/ops/live until the socket gives its first snapshot', async () => {
    // The join is not answered.
    mockSocket.timeout = () => ({ emit: () => {} });
    const { result } = renderSut();
    expect(result.current.connection).toEqual({ kind: 'connecting' });
    await waitFor(() => expect(result.current.snapshot?.totals.viewers).toBe(99));
    act(() => mockSocket.serverSends('ops:snapshot', second(1)));
    expect(result.current.snapshot?.totals.viewers).toBe(1);
    expect(result.current.history.map((s) => s.totals.viewers)).toEqual([99, 1]);
  });

  it('should leave the room and stop listening on unmount', () => {
    const { unmount } = renderSut();
    expect(mockSocket.listenerCount('ops:snapshot')).toBe(1);
    unmount();
    expect(mockSocket.argsOf('ops:leave')).toHaveLength(1);
    for (const event of ['ops:snapshot', 'connect', 'disconnect', 'connect_error'])
      expect(mockSocket.listenerCount(event)).toBe(0);
  });
});
