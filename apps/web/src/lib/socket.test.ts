import { racingNow, useServerClock } from './server-clock';
import { bestOffset, type LiveSocket, syncClock } from './socket';

describe(bestOffset.name, () => {
  it('should take the sample with the shortest round trip and assume the reply took half of it', () => {
    const sut = bestOffset([
      { sentAt: 1000, receivedAt: 1300, serverNow: 6000 },
      { sentAt: 2000, receivedAt: 2040, serverNow: 7025 },
      { sentAt: 3000, receivedAt: 3200, serverNow: 8000 },
    ]);
    expect(sut).toBe(7025 - 2020);
  });

  it('should give nothing without a usable sample', () => {
    expect(bestOffset([])).toBeNull();
    expect(bestOffset([{ sentAt: 10, receivedAt: 5, serverNow: 100 }])).toBeNull();
  });
});

describe(syncClock.name, () => {
  beforeEach(() => useServerClock.setState({ offsetMs: 0, synced: false }));

  it('should make a few round trips and write the best offset to the server clock', async () => {
    let now = 10_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const trips = [80, 20, 50];
    const emitWithAck = jest.fn(async (_event: string, sentAt: number) => {
      const trip = trips.shift() ?? 100;
      now = sentAt + trip;
      // The server's clock is 5 s ahead; it answers half-way through the trip.
      return sentAt + trip / 2 + 5000;
    });
    const socket = { connected: true, timeout: () => ({ emitWithAck }) } as unknown as LiveSocket;
    expect(await syncClock(socket, 3)).toBe(5000);
    expect(emitWithAck).toHaveBeenCalledTimes(3);
    expect(emitWithAck).toHaveBeenCalledWith('clock:sync', expect.any(Number));
    expect(useServerClock.getState()).toMatchObject({ offsetMs: 5000, synced: true });
    jest.restoreAllMocks();
  });

  it('should keep a synced offset when a REST answer agrees within a second, and take it when not', () => {
    useServerClock.getState().sync(5000);
    useServerClock.getState().observe(new Date(20_000 + 5300).toISOString(), 1, 20_000);
    expect(useServerClock.getState().offsetMs).toBe(5000);
    useServerClock.getState().observe(new Date(20_000 + 9000).toISOString(), 1, 20_000);
    expect(useServerClock.getState()).toMatchObject({ offsetMs: 9000, synced: false });
  });
});

describe('the racing clock at a time scale', () => {
  it('should run a scaled racing clock from the last answer at its scale', () => {
    useServerClock.getState().observe('2026-11-23T12:00:00.000Z', 20, 1_000);
    const state = useServerClock.getState();
    expect(new Date(racingNow(state, 1_000)).toISOString()).toBe('2026-11-23T12:00:00.000Z');
    expect(new Date(racingNow(state, 4_000)).toISOString()).toBe('2026-11-23T12:01:00.000Z');
    useServerClock.getState().observe('2026-11-23T12:00:00.000Z', 1, 1_000);
    expect(useServerClock.getState().scaled).toBeNull();
  });
});
