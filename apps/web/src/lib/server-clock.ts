import { useEffect, useState } from 'react';
import { create } from 'zustand';

interface ServerClockState {
  /** Server time minus this browser's time, in ms: every countdown adds it so all viewers agree. */
  offsetMs: number;
  observe(serverTimeIso: string, receivedAt?: number): void;
}

export const useServerClock = create<ServerClockState>((set) => ({
  offsetMs: 0,
  observe(serverTimeIso, receivedAt = Date.now()) {
    const server = Date.parse(serverTimeIso);
    if (Number.isFinite(server)) set({ offsetMs: server - receivedAt });
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
