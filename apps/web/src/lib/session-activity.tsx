import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SESSION_QUERY_KEY, useSession } from './session';

// Activity refreshes the session at most this often (the server slides its 20-minute limit on it).
const REFRESH_AFTER_MS = 60_000;
const EVENTS = ['click', 'keydown', 'mousemove', 'touchstart'] as const;

/**
 * Spec §9: the inactivity timer resets on click, key press and mouse move. Activity re-reads the
 * session now and then (which keeps it alive on the server and refreshes the balance); when the
 * session's end passes with no activity, asking again gets the server's "logged out" answer.
 */
export function SessionActivity() {
  const client = useQueryClient();
  const session = useSession();
  const expiresAt = session ? Date.parse(session.session.expires_at) : null;

  useEffect(() => {
    if (expiresAt === null) return;
    const onActivity = () => {
      const updatedAt = client.getQueryState(SESSION_QUERY_KEY)?.dataUpdatedAt ?? 0;
      if (Date.now() - updatedAt >= REFRESH_AFTER_MS) void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    };
    for (const event of EVENTS) window.addEventListener(event, onActivity, { passive: true });
    const timer = setTimeout(
      () => void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      Math.max(1000, expiresAt - Date.now() + 1000),
    );
    return () => {
      for (const event of EVENTS) window.removeEventListener(event, onActivity);
      clearTimeout(timer);
    };
  }, [client, expiresAt]);

  return null;
}
