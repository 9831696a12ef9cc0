import { useEffect, useState } from 'react';
import { create } from 'zustand';

/** A REST answer's server_time moves a socket-synced offset only when they disagree by more than this. */
const SYNC_TOLERANCE_MS = 1000;

interface ServerClockState {
  /** Server time minus this browser's time, in ms: every countdown adds it so all viewers agree. */
  offsetMs: number;
  /** True once a round-trip sync over the socket has set the offset (more precise than a REST answer). */
  synced: boolean;
  observe(serverTimeIso: string, receivedAt?: number): void;
  /** The offset measured by round trips (lib/socket.ts), half the round trip taken off. */
  sync(offsetMs: number): void;
}

export const useServerClock = create<ServerClockState>((set, get) => ({
  offsetMs: 0,
  synced: false,
  observe(serverTimeIso, receivedAt = Date.now()) {
    const server = Date.parse(serverTimeIso);
    if (!Number.isFinite(server)) return;
    const offsetMs = server - receivedAt;
    // A REST answer carries its transit time in it: keep the finer socket figure unless the clocks moved.
    if (get().synced && Math.abs(offsetMs - get().offsetMs) < SYNC_TOLERANCE_MS) return;
    set({ offsetMs, synced: false });
  },
  sync(offsetMs) {
    if (Number.isFinite(offsetMs)) set({ offsetMs, synced: true });
  },
}));

/** The server's "now" in ms, re-rendered every `intervalMs` (1 s: the spec's clock tick). */
export function useServerNow(intervalMs = 1000): number {
  const offset = useServerClock((s) => s.offsetMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now + offset;
}
