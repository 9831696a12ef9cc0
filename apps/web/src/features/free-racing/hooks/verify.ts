import type { FreeBoard } from '@furlong/contracts';
import { freeRaceInput, simulateFinish } from '@furlong/domain';

/** SHA-256 of the text's UTF-8 bytes as lower-case hex, by the browser's own crypto. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export type FreeVerdict = { ok: true } | { ok: false; reason: string };

/**
 * Provably fair, checked here: the revealed seed hashes to the hash published before the start,
 * and the engine run on it in this browser finishes in the order the server announced.
 */
export async function verifyFreeRace(board: FreeBoard): Promise<FreeVerdict> {
  if (!board.seed || !board.finish_order)
    return { ok: false, reason: 'The seed is revealed once the race has finished.' };
  if ((await sha256Hex(board.seed)) !== board.seed_hash) {
    return { ok: false, reason: 'The seed does not match the hash published before the race.' };
  }
  const order = simulateFinish(
    freeRaceInput(
      board.seed,
      board.horses.map((h) => ({ post: h.post, horse_id: h.horse_id })),
    ),
  ).finish_order;
  if (order.join(',') !== board.finish_order.join(',')) {
    return { ok: false, reason: 'This browser’s run of the race finishes in another order.' };
  }
  return { ok: true };
}
