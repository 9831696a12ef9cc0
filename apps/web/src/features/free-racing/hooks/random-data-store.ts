import { create } from 'zustand';

/** The six lists of the random sample collection (spec §3), in display order. */
export const RANDOM_KINDS = ['horses', 'jockeys', 'trainers', 'owners', 'tracks', 'races'] as const;
export type RandomKind = (typeof RANDOM_KINDS)[number];
/** The kinds the loader fetches (spec §5: races are not fetched there). */
export const RANDOM_FETCHED_KINDS = ['horses', 'jockeys', 'trainers', 'owners', 'tracks'] as const;

export type RandomRecord = Record<string, unknown> & { id?: number };
export type RandomData = Record<RandomKind, RandomRecord[]>;

/** The per-tab session storage key (spec §3, §9). */
export const RANDOM_DATA_KEY = 'randomData';

export const emptyRandomData = (): RandomData => ({
  horses: [],
  jockeys: [],
  trainers: [],
  owners: [],
  tracks: [],
  races: [],
});

/** The collection kept in this tab's session storage; anything unreadable there counts as empty. */
export function readRandomData(storage: Storage | undefined = globalThis.sessionStorage): RandomData {
  const data = emptyRandomData();
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RANDOM_DATA_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object') {
      for (const kind of RANDOM_KINDS) {
        const list = (parsed as Record<string, unknown>)[kind];
        if (Array.isArray(list)) data[kind] = list.filter((r): r is RandomRecord => !!r && typeof r === 'object');
      }
    }
  } catch {
    // A value another page left broken: start from empty lists.
  }
  return data;
}

interface RandomDataState {
  data: RandomData;
  /** Replaces the whole collection (after a fetch, or cleared) and writes it to session storage. */
  replace(data: RandomData): void;
}

/** The random sample collection of this tab, rewritten to session storage on every change. */
export const useRandomData = create<RandomDataState>((set) => ({
  data: readRandomData(),
  replace: (data) => {
    globalThis.sessionStorage?.setItem(RANDOM_DATA_KEY, JSON.stringify(data));
    set({ data });
  },
}));
