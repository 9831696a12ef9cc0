import { DEFAULT_USER_SETTINGS, type UserSettings, userSettingsSchema } from '@furlong/contracts';
import { showFractionalOdds, showOdds } from '@furlong/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { getJson, sendJson } from './api-client';
import { setDisplayTimeZone } from './format';
import { useSessionQuery } from './session';

/** Where a visitor's settings live (the same shape as an account's). */
export const VISITOR_SETTINGS_KEY = 'furlong.settings';

export const SETTINGS_QUERY_KEY = ['me', 'settings'] as const;

export const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => getJson<UserSettings>('/me/settings', undefined, signal),
  staleTime: 5 * 60_000,
});

const visitorListeners = new Set<() => void>();
let visitorCache: { raw: string | null; settings: UserSettings } | null = null;

/** A visitor's settings from localStorage; the defaults when there are none or they do not parse. */
export function readVisitorSettings(): UserSettings {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(VISITOR_SETTINGS_KEY);
  } catch {
    // Storage may be blocked (private mode): the defaults then.
  }
  if (visitorCache && visitorCache.raw === raw) return visitorCache.settings;
  let settings = DEFAULT_USER_SETTINGS;
  if (raw) {
    try {
      const parsed = userSettingsSchema.safeParse(JSON.parse(raw));
      if (parsed.success) settings = parsed.data;
    } catch {
      // Not JSON: the defaults.
    }
  }
  visitorCache = { raw, settings };
  return settings;
}

export function writeVisitorSettings(settings: UserSettings): void {
  try {
    window.localStorage.setItem(VISITOR_SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    // Storage may be blocked: the change lasts until the page reloads.
    visitorCache = { raw: JSON.stringify(settings), settings };
  }
  for (const listener of visitorListeners) listener();
}

function subscribeVisitor(listener: () => void): () => void {
  visitorListeners.add(listener);
  return () => visitorListeners.delete(listener);
}

export interface SettingsState {
  settings: UserSettings;
  /** Whose they are: the account's (saved on the server) or this browser's (a visitor). */
  owner: 'account' | 'visitor';
  isPending: boolean;
  error: Error | null;
}

/**
 * The settings that apply now: the logged-in account's (the defaults while they load), else this
 * browser's. Every page that shows odds, times or a bet amount reads them here.
 */
export function useSettingsState(): SettingsState {
  const session = useSessionQuery();
  const account = session.data ?? null;
  const visitor = useSyncExternalStore(subscribeVisitor, readVisitorSettings, () => DEFAULT_USER_SETTINGS);
  const remote = useQuery({ ...settingsQueryOptions, enabled: account !== null });
  if (!account) return { settings: visitor, owner: 'visitor', isPending: session.isPending, error: null };
  return {
    settings: remote.data ?? DEFAULT_USER_SETTINGS,
    owner: 'account',
    isPending: remote.isPending,
    error: remote.error,
  };
}

/**
 * The settings in force, as the layout keeps them (see useApplySettings): any component reads
 * them here without a query of its own. Before the layout has them: a visitor's, or the defaults.
 */
export const useActiveSettings = create<{ settings: UserSettings; set(settings: UserSettings): void }>((set) => ({
  settings: typeof window === 'undefined' ? DEFAULT_USER_SETTINGS : readVisitorSettings(),
  set: (settings) => set({ settings }),
}));

export function useSettings(): UserSettings {
  return useActiveSettings((s) => s.settings);
}

/**
 * Mounted once, in the layout: loads the settings that apply (the account's or the visitor's),
 * makes them the ones in force, and shows every time of day in their zone.
 */
export function useApplySettings(): void {
  const { settings } = useSettingsState();
  const set = useActiveSettings((s) => s.set);
  // Every time of day formatted from here on uses the zone (components re-render as they read it).
  setDisplayTimeZone(settings.time_zone);
  useEffect(() => set(settings), [settings, set]);
}

/** Saves the settings where they belong: PUT for an account, localStorage for a visitor. */
export function useSaveSettings(owner: SettingsState['owner']) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (settings: UserSettings): Promise<UserSettings> => {
      if (owner === 'visitor') {
        writeVisitorSettings(settings);
        return settings;
      }
      return sendJson<UserSettings>('PUT', '/me/settings', settings);
    },
    onSuccess: (saved) => {
      if (owner === 'account') client.setQueryData(SETTINGS_QUERY_KEY, saved);
    },
  });
}

/** Odds in the viewer's format: `fromFraction('5-2')` and `fromToOne(2.65)`. */
export function useOddsFormatter() {
  const { odds_format } = useSettings();
  return {
    format: odds_format,
    fromFraction: (text: string | null | undefined) =>
      text === null || text === undefined ? '—' : showFractionalOdds(text, odds_format),
    fromToOne: (toOne: number | null | undefined) =>
      toOne === null || toOne === undefined ? '—' : showOdds(toOne, odds_format),
  };
}
