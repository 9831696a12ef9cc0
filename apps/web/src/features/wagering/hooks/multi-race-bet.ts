import type { BetRequest, BetTypeName, CurrentRaceDetail } from '@furlong/contracts';
import { advancedFinalizeProblem, advancedTotal, validateBet } from '@furlong/domain';
import type { BetData } from './advanced-bet-state';
import { amountCents } from './bet-form';

export const FINALIZE_OK = 'Bet finalized successfully!';
export const FINALIZE_FAILED = 'Error finalizing bet. Please try again.';

export type MultiRaceBet =
  | { ok: true; request: BetRequest; betData: Omit<BetData, 'balanceCents'> }
  | { ok: false; problem: string };

/**
 * A multi-race ticket from one horse (program number) per race and an amount per race in dollars.
 * Spec §9: total = amount × races picked; the ticket is one combination, so its stake is that total
 * and the server debits exactly what the bettor saw. The spec §5 messages come from the domain.
 */
export function buildMultiRaceBet(
  betType: BetTypeName,
  races: readonly CurrentRaceDetail[],
  picks: readonly (number | null)[],
  amount: string,
): MultiRaceBet {
  const dollars = amount.trim() === '' ? null : Number(amount);
  const problem = advancedFinalizeProblem(betType, picks, dollars);
  if (problem) return { ok: false, problem };
  const perRace = amountCents(amount) ?? 0;
  const total = advancedTotal(perRace, races.length);
  const request: BetRequest = {
    bet_type: betType,
    race_ids: races.map((r) => r.id),
    amount_cents: total,
    selections: picks.map((p) => [p as number]),
    box: false,
  };
  const checked = validateBet(
    { ...request },
    { fieldSizes: races.map((r) => Math.max(0, ...r.entries.map((e) => e.post_position))) },
  );
  if (!checked.ok) return { ok: false, problem: checked.problems[0]?.reason ?? FINALIZE_FAILED };
  const first = races[0];
  return {
    ok: true,
    request,
    betData: {
      trackName: first?.track_name ?? '',
      location: first?.location,
      betType,
      amountCents: perRace,
      totalCents: checked.total_cents,
      legs: races.map((r, i) => {
        const runner = r.entries.find((e) => e.post_position === picks[i]);
        return {
          race_id: r.id,
          race_name: r.race_name,
          race_date: r.race_date,
          post_time: r.post_time,
          horse_name: runner?.horse_name ?? '—',
          horse_number: runner?.horse_number ?? (picks[i] as number),
        };
      }),
    },
  };
}
