import { create } from 'zustand';

/** The shared race context of spec §3, readable by any page (the data consumer shows it). */
export interface RaceContext {
  currentRaceId: number | null;
  trackId: number | null;
  trackName: string | null;
  selectedBetType: string | null;
  postTime: string | null;
  horseIds: number[];
  horseNames: string[];
}

export const EMPTY_RACE_CONTEXT: RaceContext = {
  currentRaceId: null,
  trackId: null,
  trackName: null,
  selectedBetType: null,
  postTime: null,
  horseIds: [],
  horseNames: [],
};

interface RaceContextState extends RaceContext {
  update(patch: Partial<RaceContext>): void;
  clear(): void;
}

export const useRaceContext = create<RaceContextState>((set) => ({
  ...EMPTY_RACE_CONTEXT,
  update: (patch) => set(patch),
  clear: () => set(EMPTY_RACE_CONTEXT),
}));
