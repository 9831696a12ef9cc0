import { Injectable } from '@nestjs/common';

/** What a transfer's reference points at, as its owner names it: the bet type(s) and the race(s). */
export interface ReferenceName {
  /** "Win", or "Win, Exacta" for a slip of several bets. */
  what: string;
  /** "Race 7 at Victoria Park"; a sequence "Races 3–5 at Aville Downs". */
  where: string;
}

/** Names the references of one prefix (`pool` for `pool:37`), given the parts after the colon. */
export type ReferenceNamer = (keys: readonly string[]) => Promise<ReadonlyMap<string, ReferenceName>>;

/** Reasons a user's wallet sees without a reference to name. */
const PLAIN: Record<string, string> = { starting_credit: 'Starting credit' };

/** `starting_credit` → "Starting credit". */
const sentence = (reason: string) => {
  const text = reason.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * The one place a wallet movement gets its words: "Win payout, Race 7 at Victoria Park",
 * "Bet: Exacta, Race 3 at Aville Downs", "Refund: Win, Race 7 at Victoria Park". The modules that
 * make references (wagering: `pool:{id}`, `bets:{ids}`) register a namer for them at start, so
 * accounts reads no other module's tables.
 */
@Injectable()
export class LedgerDescriptions {
  private readonly namers = new Map<string, ReferenceNamer>();

  register(prefix: string, namer: ReferenceNamer): void {
    if (this.namers.has(prefix)) throw new Error(`ledger references '${prefix}:' already have a namer`);
    this.namers.set(prefix, namer);
  }

  /** One description per movement, in order. */
  async describe(movements: readonly { reason: string; reference: string | null }[]): Promise<string[]> {
    const keysByPrefix = new Map<string, Set<string>>();
    for (const { reference } of movements) {
      const parsed = splitReference(reference);
      if (parsed && this.namers.has(parsed.prefix)) {
        const keys = keysByPrefix.get(parsed.prefix) ?? new Set<string>();
        keys.add(parsed.key);
        keysByPrefix.set(parsed.prefix, keys);
      }
    }
    const names = new Map<string, ReferenceName>();
    await Promise.all(
      [...keysByPrefix].map(async ([prefix, keys]) => {
        const named = await (this.namers.get(prefix) as ReferenceNamer)([...keys]);
        for (const [key, name] of named) names.set(`${prefix}:${key}`, name);
      }),
    );
    return movements.map(({ reason, reference }) =>
      describeMovement(reason, reference ? names.get(reference) : undefined),
    );
  }
}

function splitReference(reference: string | null): { prefix: string; key: string } | null {
  const at = reference?.indexOf(':') ?? -1;
  if (!reference || at < 1) return null;
  return { prefix: reference.slice(0, at), key: reference.slice(at + 1) };
}

/** A movement in words, from its reason and what its reference names (when it could be named). */
export function describeMovement(reason: string, name: ReferenceName | undefined): string {
  if (PLAIN[reason]) return PLAIN[reason];
  if (!name) return sentence(reason);
  switch (reason) {
    case 'bet':
      return `Bet: ${name.what}, ${name.where}`;
    case 'payout':
      return `${name.what} payout, ${name.where}`;
    case 'refund':
      return `Refund: ${name.what}, ${name.where}`;
    case 'admin_adjustment':
      return `Adjustment by an admin: ${name.what}`;
    default:
      return `${sentence(reason)}: ${name.what}, ${name.where}`;
  }
}
