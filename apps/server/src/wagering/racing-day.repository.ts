import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DayPoolTotals {
  races: number;
  grossCents: number;
  seedCents: number;
}

export interface DayPayoffRow {
  current_race_id: number;
  bet_type: string;
  combination: string;
  price_per_dollar_cents: number;
}

/** The money of a day's pools, for the dashboard: totals and the biggest prices paid. */
@Injectable()
export class RacingDayRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The pools keyed by these races (their own, and the sequences they start): how many races, the money. */
  async totals(raceIds: readonly number[]): Promise<DayPoolTotals> {
    if (raceIds.length === 0) return { races: 0, grossCents: 0, seedCents: 0 };
    const [row]: { races: number; gross: string | null; seed: string | null }[] = await this.dataSource.query(
      `SELECT count(DISTINCT current_race_id)::int AS races, sum(gross_cents)::text AS gross, sum(seed_cents)::text AS seed
         FROM wager_pools WHERE current_race_id = ANY($1::int[])`,
      [[...raceIds]],
    );
    return { races: row?.races ?? 0, grossCents: Number(row?.gross ?? 0), seedCents: Number(row?.seed ?? 0) };
  }

  /**
   * The biggest prices per $1 those pools paid on a winning interest, biggest first. A price is
   * compared per $1, so a 10¢ Trifecta and a $1 Exacta rank by what the same stake paid; equal
   * prices in the bet types' own order (Win before Place), not alphabetically.
   */
  async biggestPayoffs(raceIds: readonly number[], limit: number): Promise<DayPayoffRow[]> {
    if (raceIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT p.current_race_id, p.bet_type, pp.combination, pp.price_per_dollar_cents
         FROM wager_pools p JOIN pool_payoffs pp ON pp.pool_id = p.id
        WHERE p.current_race_id = ANY($1::int[]) AND p.state = 'settled' AND pp.winning_cents > 0
        ORDER BY pp.price_per_dollar_cents DESC, p.current_race_id, p.bet_type_id, pp.combination
        LIMIT $2`,
      [[...raceIds], limit],
    );
  }
}
