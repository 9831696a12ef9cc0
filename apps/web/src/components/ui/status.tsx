import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { useLiveConnection } from '../../lib/live-connection';

export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p className="status status-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

/** An error line: the given text, or the server's message for an ApiError. */
export function ErrorMessage({ error, text }: { error?: unknown; text?: string }) {
  const detail =
    error instanceof ApiError ? error.message : error instanceof Error ? error.message : error ? String(error) : '';
  return (
    <p className="status status-error" role="alert">
      {text ?? `Error: ${detail}`}
      {text && detail && error instanceof ApiError && error.status >= 400 ? ` (${detail})` : null}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="status status-empty">{children}</p>;
}

/**
 * "Reconnecting…" while the tab's live connection is down (it comes back by itself); nothing
 * otherwise. For the live screens: the tote, auction lots and free boards (the race screen has its
 * own badge on the canvas).
 */
export function ReconnectingNotice({ what = 'the live feed' }: { what?: string }) {
  const state = useLiveConnection((s) => s.state);
  if (state !== 'reconnecting') return null;
  return (
    <p className="status status-reconnecting" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      Reconnecting to {what}… what you see may be a few seconds old.
    </p>
  );
}
