import { useEffect, useRef, useState } from 'react';

/**
 * Milliseconds until `targetIso` by the server's clock: the board's `server_time` says where the
 * server was when that state was read, and local time moves it on from there (re-rendered each second).
 */
export function useCountdown(targetIso: string | undefined, serverTimeIso: string | undefined): number | null {
  const seen = useRef<{ server: string | undefined; at: number }>({ server: undefined, at: Date.now() });
  if (seen.current.server !== serverTimeIso) seen.current = { server: serverTimeIso, at: Date.now() };
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!targetIso || !serverTimeIso) return null;
  const left = Date.parse(targetIso) - Date.parse(serverTimeIso) - Math.max(0, now - seen.current.at);
  return Math.max(0, left);
}

/** '4:05' */
export function formatCountdown(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
