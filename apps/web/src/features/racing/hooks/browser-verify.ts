import type { LiveRaceResult } from '@furlong/contracts';
import { type EngineInput, type EngineRunner, sameResult, simulateRace, storedRace } from '@furlong/domain';

/** SHA-256 of the text's UTF-8 bytes as lower-case hex, by the browser's own crypto. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A result may carry the engine's exact input (`engine_input`), or its runners (`engine_runners`)
 * beside the race's own conditions; with either, the race can be re-run here.
 */
export type VerifiableResult = LiveRaceResult & {
  engine_input?: EngineInput | null;
  engine_runners?: EngineRunner[] | null;
};

export function engineInputOf(result: VerifiableResult): EngineInput | null {
  if (result.engine_input?.runners?.length) return { ...result.engine_input, seed: result.seed };
  if (result.engine_runners?.length) {
    return {
      seed: result.seed,
      runners: result.engine_runners,
      conditions: { furlongs: result.furlongs, surface: result.surface_type, condition: result.track_condition },
    };
  }
  return null;
}

export type RerunCheck =
  | { available: false; reason: string }
  | { available: true; matches: boolean; officialOrder: number[]; rerunOrder: number[] }
  | { available: true; error: string };

export interface BrowserCheck {
  computedHash: string;
  hashMatches: boolean;
  rerun: RerunCheck;
}

/**
 * The check anyone can make without trusting the server: (a) the revealed seed hashes to the hash
 * published before the off; (b) the engine, run here from that seed, finishes the field in the
 * official order and times — when the result carries the engine's input.
 */
export async function verifyInBrowser(result: VerifiableResult): Promise<BrowserCheck> {
  const computedHash = await sha256Hex(result.seed);
  const hashMatches = computedHash === result.seed_hash.trim().toLowerCase();
  const officialOrder = result.finishers.map((f) => f.post_position);
  const input = engineInputOf(result);
  let rerun: RerunCheck;
  if (!input) {
    rerun = { available: false, reason: 'The result does not publish the engine inputs, so it cannot be re-run here.' };
  } else {
    try {
      const race = simulateRace(input);
      // The domain's comparison, as the server's verification makes it: times as the official
      // timer records them (to the hundredth), runners that dead-heated in either order.
      const matches = sameResult(
        storedRace(result.finishers, input.runners),
        race,
        input.runners.map((r) => r.post_position),
      );
      rerun = { available: true, matches, officialOrder, rerunOrder: race.finish_order };
    } catch (err) {
      rerun = { available: true, error: err instanceof Error ? err.message : String(err) };
    }
  }
  return { computedHash, hashMatches, rerun };
}
