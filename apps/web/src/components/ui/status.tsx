import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';

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
