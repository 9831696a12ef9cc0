/**
 * Saddle-cloth colours by post position, as on American tracks (1 red, 2 white, 3 blue…): the
 * canvas, the tracker and the leaderboard all use them, so a number looks the same everywhere.
 */
export interface SaddleCloth {
  cloth: string;
  number: string;
}

export const SADDLE_CLOTHS: readonly SaddleCloth[] = [
  { cloth: '#d7262b', number: '#ffffff' },
  { cloth: '#f4f4f0', number: '#111111' },
  { cloth: '#1f4fb4', number: '#ffffff' },
  { cloth: '#f5d10c', number: '#111111' },
  { cloth: '#1b8a3e', number: '#ffffff' },
  { cloth: '#151515', number: '#f5d10c' },
  { cloth: '#f07f12', number: '#111111' },
  { cloth: '#f39ac0', number: '#111111' },
  { cloth: '#27c4c4', number: '#111111' },
  { cloth: '#7b3fb0', number: '#ffffff' },
  { cloth: '#9aa0a6', number: '#d7262b' },
  { cloth: '#9bd63b', number: '#111111' },
];

export function saddleCloth(postPosition: number): SaddleCloth {
  const n = SADDLE_CLOTHS.length;
  return SADDLE_CLOTHS[(((postPosition - 1) % n) + n) % n] as SaddleCloth;
}
