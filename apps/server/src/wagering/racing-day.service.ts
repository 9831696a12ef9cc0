import { RACING_DAY_PAYOUTS, type RacingDay, type RacingDayQuery } from '@furlong/contracts';
import { type BetTypeName, quotedPayoff } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { RacingClock } from '../common/racing-clock';
import { RaceReadModel } from '../racing/race-read-model';
import { RacingDayRepository } from './racing-day.repository';

/**
 * GET /api/racing_day: a day's handle (the total of its pools) and its biggest payouts. The races of
 * the day are racing's; their pools and prices are wagering's.
 */
@Injectable()
export class RacingDayService {
  constructor(
    @Inject(RacingDayRepository) private readonly pools: RacingDayRepository,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  async day(query: RacingDayQuery): Promise<RacingDay> {
    // The server's clock decides what today is.
    const date = query.date ?? this.clock.now().toISOString().slice(0, 10);
    const ids = await this.races.idsOnDate(date);
    const [totals, payoffs] = await Promise.all([
      this.pools.totals(ids),
      this.pools.biggestPayoffs(ids, RACING_DAY_PAYOUTS),
    ]);
    const views = await this.races.legViews([...new Set(payoffs.map((p) => p.current_race_id))]);
    return {
      date,
      races_with_pools: totals.races,
      handle_cents: totals.grossCents,
      house_seed_cents: totals.seedCents,
      biggest_payouts: payoffs.map((p) => {
        const view = views.get(p.current_race_id);
        return {
          current_race_id: p.current_race_id,
          race_name: view?.race_name ?? `Race ${p.current_race_id}`,
          track_name: view?.track_name ?? '',
          bet_type: p.bet_type as BetTypeName,
          combination: p.combination,
          two_dollar_payout_cents: quotedPayoff(p.bet_type, p.price_per_dollar_cents).two_dollar_payout_cents,
        };
      }),
    };
  }
}
