import { create } from 'zustand';

/**
 * Who is using the client. Until the accounts work lands this is a stand-in: a visitor can enter
 * as a guest member from the login page, which is remembered in this browser only. The real hook
 * (server sessions, cookies) replaces the inside of this module and keeps its shape.
 */
export interface Session {
  username: string;
}

interface SessionState {
  session: Session | null;
  signIn(session: Session): void;
  signOut(): void;
}

const STORAGE_KEY = 'furlong.session';

function readStored(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<Session>) : null;
    return parsed && typeof parsed.username === 'string' ? { username: parsed.username } : null;
  } catch {
    return null;
  }
}

export const useSessionStore = create<SessionState>((set) => ({
  session: readStored(),
  signIn(session) {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(session));
    set({ session });
  },
  signOut() {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
    set({ session: null });
  },
}));

export const useSession = () => useSessionStore((s) => s.session);
