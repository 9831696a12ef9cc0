import { Client } from 'pg';

/** The server's racing clock at `scale` × wall time: midnight UTC + (wall − midnight) × scale (see RacingClock). */
export function racingNowMs(scale: number): number {
  const wall = Date.now();
  const midnight = Math.floor(wall / 86_400_000) * 86_400_000;
  return midnight + (wall - midnight) * scale;
}

/**
 * Brings an open race's post time to `inRacingMs` racing milliseconds from now, if it is later, as
 * an operator moving a race up the card would: a walk that has placed its bets then waits seconds
 * for the off, not up to the minutes the card had left. Answers whether the race was still open.
 */
export async function bringPostNear(
  databaseUrl: string,
  raceId: number,
  scale: number,
  inRacingMs: number,
): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const moved = await client.query(
      `UPDATE current_races SET post_time = least(post_time, $2) WHERE id = $1 AND status = 'open'`,
      [raceId, new Date(racingNowMs(scale) + inRacingMs)],
    );
    return moved.rowCount === 1;
  } finally {
    await client.end();
  }
}
