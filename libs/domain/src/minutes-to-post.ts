const MINUTE_MS = 60_000;

/**
 * Minutes to post (MTP) as a tote board shows it: the whole minutes left before post time, rounded
 * up (30 s left is 1 MTP), and 0 from post time on until the race goes off. Both instants are on the
 * racing clock (epoch ms); a race that is off no longer has an MTP, which is the caller's to say.
 */
export function minutesToPost(postTimeMs: number, nowMs: number): number {
  const left = postTimeMs - nowMs;
  if (Number.isNaN(left)) throw new RangeError(`not an instant: post ${postTimeMs}, now ${nowMs}`);
  return left <= 0 ? 0 : Math.ceil(left / MINUTE_MS);
}
