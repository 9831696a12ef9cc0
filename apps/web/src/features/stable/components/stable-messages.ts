/** The stable's user-facing lines (spec §8: the create-horse and enter-race alerts). */
export const STABLE_MESSAGES = {
  created: 'Horse created successfully',
  createFailed: 'Error creating horse',
  enterFailed: 'Error adding horse to current race',
  noHorses: 'You have no horses yet.',
  loadingStable: 'Loading your stable…',
  stableFailed: 'Could not load your stable.',
  loadingRaces: 'Loading races that take entries…',
  racesFailed: 'Could not load the races that take entries.',
  noRaces: 'No race is taking entries right now. Races open for entries before betting opens; try again soon.',
} as const;

/** Where each kind of care is given: the dashboard and the horse cards link here with `?horseId=`. */
export const CARE_LINKS = [
  { to: '/horse-training', label: 'Train' },
  { to: '/medical', label: 'Medical' },
  { to: '/shoeing', label: 'Shoeing' },
  { to: '/gear', label: 'Gear' },
] as const;

/** `?horseId=12` (or any id param) as a positive integer, or null. */
export function readId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, ' ');
}
