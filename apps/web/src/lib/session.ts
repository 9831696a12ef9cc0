import { AUTH_MESSAGES, AUTH_REASONS, type MeResponse, type UserRole } from '@furlong/contracts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { create } from 'zustand';
import { ApiError, getJson } from './api-client';

/**
 * Who is using the client: the server's session (an httpOnly cookie this script never sees), as
 * GET /api/me tells it. `null` when logged out. The balance rides along, so the header shows it.
 */
export type Session = MeResponse;

export const SESSION_QUERY_KEY = ['me'] as const;

/** The account of this browser's session, or null (401). */
export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    return await getJson<MeResponse>('/me', undefined, signal);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: SESSION_QUERY_KEY,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 30_000,
  // A network hiccup must not look like a logout: keep the last answer.
  retry: 1,
});

/** The session query itself: `isPending` until the first answer. */
export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}

/** The logged-in account (with `username` and `balance_cents`), or null while logged out or unknown. */
export function useSession(): Session | null {
  return useSessionQuery().data ?? null;
}

/** Who may open the operations pages (the API explorer, the app test): operators and admins. */
export const OPERATOR_ROLES: readonly UserRole[] = ['operator', 'admin'];

/** Whether the session has one of `roles` (false while logged out). */
export function hasRole(session: Session | null, roles: readonly UserRole[]): boolean {
  return session !== null && roles.includes(session.role);
}

const sessionEndListeners = new Set<() => void>();

/**
 * Runs `listener` whenever the session ends (logout): state kept for the account in the tab
 * (the pending bet slip) forgets itself. Returns the unsubscribe.
 */
export function onSessionEnd(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/** After login, sign-up or a pass login: the account the server answered with (null: logged out). */
export function setSession(client: QueryClient, session: Session | null): void {
  client.setQueryData(SESSION_QUERY_KEY, session);
  if (session) useSessionNotice.getState().clear();
  else for (const listener of sessionEndListeners) listener();
}

interface NoticeState {
  /** Why the last session ended, when the user did not end it (inactivity). */
  notice: string | null;
  set(notice: string): void;
  clear(): void;
}

export const useSessionNotice = create<NoticeState>((set) => ({
  notice: null,
  set: (notice) => set({ notice }),
  clear: () => set({ notice: null }),
}));

/** Any 401 of a session that ran out or was ended elsewhere: forget the session, say why. */
export function handleUnauthorized(client: QueryClient, error: ApiError): void {
  if (error.reason !== AUTH_REASONS.sessionExpired && error.reason !== AUTH_REASONS.notLoggedIn) return;
  const had = client.getQueryData(SESSION_QUERY_KEY);
  if (error.reason === AUTH_REASONS.sessionExpired) useSessionNotice.getState().set(AUTH_MESSAGES.inactivity);
  if (had) client.setQueryData(SESSION_QUERY_KEY, null);
}
