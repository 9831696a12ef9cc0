import { useEffect, useState } from 'react';
import { create } from 'zustand';

/** A REST answer's server_time moves a socket-synced offset only when they disagree by more than this. */
const SYNC_TOLERANCE_MS = 1000;

/** The racing clock as last seen, when it runs faster than the wall clock (demos and tests). */
interface ScaledStamp {
  serverMs: number;
  wallMs: number;
  scale: number;
}

interface ServerClockState {
  /** Server time minus this browser's time, in ms: every countdown adds it so all viewers agree. */
  offsetMs: number;
  /** True once a round-trip sync over the socket has set the offset (more precise than a REST answer). */
  synced: boolean;
  /** Set while the server's racing clock runs at a time scale other than 1. */
  scaled: ScaledStamp | null;
  /** A REST answer's racing clock (`server_time`, `time_scale`), received at `receivedAt`. */
  observe(serverTimeIso: string, timeScale?: number, receivedAt?: number): void;
  /** The offset measured by round trips (lib/socket.ts), half the round trip taken off. */
  sync(offsetMs: number): void;
}

export const useServerClock = create<ServerClockState>((set, get) => ({
  offsetMs: 0,
  synced: false,
  scaled: null,
  observe(serverTimeIso, timeScale = 1, receivedAt = Date.now()) {
    const server = Date.parse(serverTimeIso);
    if (!Number.isFinite(server)) return;
    if (timeScale !== 1 && timeScale > 0) {
      set({ scaled: { serverMs: server, wallMs: receivedAt, scale: timeScale } });
      return;
    }
    const offsetMs = server - receivedAt;
    // A REST answer carries its transit time in it: keep the finer socket figure unless the clocks moved.
    if (get().synced && Math.abs(offsetMs - get().offsetMs) < SYNC_TOLERANCE_MS && !get().scaled) return;
    set({ offsetMs, synced: false, scaled: null });
  },
  sync(offsetMs) {
    if (Number.isFinite(offsetMs)) set({ offsetMs, synced: true });
  },
}));

/** The server's racing clock at wall time `wallMs` (epoch ms). */
export function racingNow(state: Pick<ServerClockState, 'offsetMs' | 'scaled'>, wallMs = Date.now()): number {
  const { scaled } = state;
  return scaled ? scaled.serverMs + (wallMs - scaled.wallMs) * scaled.scale : wallMs + state.offsetMs;
}

/** The server's "now" in ms, re-rendered every `intervalMs` (1 s: the spec's clock tick). */
export function useServerNow(intervalMs = 1000): number {
  const offsetMs = useServerClock((s) => s.offsetMs);
  const scaled = useServerClock((s) => s.scaled);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return racingNow({ offsetMs, scaled }, now);
}
