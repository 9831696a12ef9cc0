import type {
  PoolOutcomeName,
  RacePayoffs,
  RaceResultListQuery,
  RaceResultListResponse,
  ResultPool,
  StraightPrices,
} from '@furlong/contracts';
import {
  BET_TYPE_NAMES,
  type BetTypeName,
  baseAmountCents,
  findBetType,
  netPoolCents,
  quotedPayoff,
} from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { RacingService } from '../racing/racing.service';
import { PayoffRepository, type PoolWithPayoffs } from './payoff.repository';

/** Places whose Win, Place and Show prices a result board leads with. */
const STRAIGHT_PLACES = 3;

/**
 * Results with their payoffs: what each pool ending with a race paid (the prices its settlement
 * kept, quoted per the type's base amount and per $2), and the list of recent results with each
 * winner's $2 win price. The results themselves are racing's.
 */
@Injectable()
export class PayoffService {
  constructor(
    @Inject(PayoffRepository) private readonly payoffs: PayoffRepository,
    @Inject(RacingService) private readonly racing: RacingService,
  ) {}

  /** GET /api/current_races/{id}/payoffs: 404 for an unknown race or one without a result. */
  async racePayoffs(raceId: number): Promise<RacePayoffs> {
    const result = await this.racing.resultOfRace(raceId);
    const pools = (await this.payoffs.poolsEndingWith(raceId))
      .filter((p) => findBetType(p.bet_type) !== undefined)
      .sort((a, b) => typeIndex(a.bet_type) - typeIndex(b.bet_type) || a.id - b.id);
    const priceOf = (type: BetTypeName, post: number): number | null => {
      const payoff = pools.find((p) => p.bet_type === type)?.payoffs.find((x) => x.combination === String(post));
      return payoff ? quotedPayoff(type, payoff.price_per_dollar_cents).two_dollar_payout_cents : null;
    };
    const straight: StraightPrices[] = result.finishers
      .filter((f) => f.finish_position <= STRAIGHT_PLACES)
      .map((f) => ({
        finish_position: f.finish_position,
        post_position: f.post_position,
        horse_name: f.horse_name,
        win_cents: priceOf('Win', f.post_position),
        place_cents: priceOf('Place', f.post_position),
        show_cents: priceOf('Show', f.post_position),
      }));
    return {
      current_race_id: raceId,
      settled: pools.every((p) => p.state === 'settled' || p.state === 'refunded'),
      win_place_show: straight,
      pools: pools.map(resultPool),
    };
  }

  /** GET /api/race_results: a page of live results, newest first, with the winner's $2 win price. */
  /**
   * The tote's final money on each runner and the win prices (per $1) of every settled win pool, by
   * race: what the predictor's back-test compares weights with and prices the flat bet at.
   */
  async settledWinPools(): Promise<
    Map<number, { cents: Map<number, number>; pricePerDollarCents: Map<number, number> }>
  > {
    const out = new Map<number, { cents: Map<number, number>; pricePerDollarCents: Map<number, number> }>();
    for (const row of await this.payoffs.settledWinPools()) {
      const post = Number(row.interest);
      if (!Number.isInteger(post)) continue;
      let race = out.get(row.current_race_id);
      if (!race) {
        race = { cents: new Map(), pricePerDollarCents: new Map() };
        out.set(row.current_race_id, race);
      }
      race.cents.set(post, row.amount_cents);
      if (row.price_per_dollar_cents !== null) race.pricePerDollarCents.set(post, row.price_per_dollar_cents);
    }
    return out;
  }

  async results(query: RaceResultListQuery): Promise<RaceResultListResponse> {
    const page = await this.racing.resultsPage({
      trackId: query.track_id,
      date: query.date,
      limit: query.limit,
      offset: query.offset,
    });
    const prices = await this.payoffs.winPrices(
      new Map(page.rows.map((r) => [r.current_race_id, r.winner_post_position])),
    );
    return {
      items: page.rows.map((r) => {
        const price = prices.get(r.current_race_id);
        return {
          ...r,
          post_time: r.post_time.toISOString(),
          finished_at: r.finished_at.toISOString(),
          win_payoff_cents: price === undefined ? null : quotedPayoff('Win', price).two_dollar_payout_cents,
        };
      }),
      total: page.total,
      limit: query.limit,
      offset: query.offset,
    };
  }
}

function typeIndex(name: string): number {
  return (BET_TYPE_NAMES as readonly string[]).indexOf(name);
}

function outcomeOf(pool: PoolWithPayoffs): PoolOutcomeName {
  if (pool.state === 'open' || pool.state === 'frozen') return 'pending';
  if (pool.state === 'refunded') return 'refunded';
  const [first] = pool.payoffs;
  if (first?.paid_class) return 'fallback';
  if (first) return first.races_correct !== null && first.races_correct < pool.race_ids.length ? 'consolation' : 'paid';
  // Settled without a winning combination: a Pick N nobody had a race of, or settled before payoffs were kept.
  return pool.carried_over_cents > 0 ? 'carried_over' : 'not_recorded';
}

function resultPool(pool: PoolWithPayoffs): ResultPool {
  const type = pool.bet_type as BetTypeName;
  const outcome = outcomeOf(pool);
  return {
    bet_type: type,
    race_ids: pool.race_ids,
    base_amount_cents: baseAmountCents(type),
    outcome,
    gross_cents: pool.gross_cents,
    net_cents: netPoolCents(pool.gross_cents, pool.takeout, pool.carryover_cents),
    carryover_in_cents: pool.carryover_cents,
    carried_over_cents: pool.carried_over_cents,
    payoffs: pool.payoffs.map((p) => {
      const quoted = quotedPayoff(type, p.price_per_dollar_cents);
      return {
        combination: p.combination,
        price_per_dollar_cents: p.price_per_dollar_cents,
        base_payout_cents: quoted.base_payout_cents,
        two_dollar_payout_cents: quoted.two_dollar_payout_cents,
        winning_cents: p.winning_cents,
        paid_cents: p.paid_cents,
        races_correct: p.races_correct,
        paid_class: p.paid_class,
      };
    }),
  };
}
