import type { BetTypeName, ExactaProbable, ToteRunner, ToteView } from '@furlong/contracts';
import {
  formatOdds,
  harvilleOrdered,
  morningLine,
  netPoolCents,
  type Pool,
  probables,
  quinellaProbabilities,
  seedPool,
  topProbabilities,
  winOdds,
} from '@furlong/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import { notFound } from '../common/api-error';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RacingClock } from '../racing/racing-clock';
import { BetRepository } from './bet.repository';
import { PoolRepository, type PoolRow, type RunnerForm } from './pool.repository';
import { takeoutFor, takesBets } from './wagering-rules';

/** Single-race pools seeded with house liquidity when a race opens, in lock order (bet type name). */
const SEEDED_TYPES = ['Exacta', 'Place', 'Quinella', 'Show', 'Trifecta', 'Win'] as const;
type SeededType = (typeof SEEDED_TYPES)[number];
/** Share of a crowd tick per pool. */
const CROWD_SHARES: Partial<Record<SeededType, number>> = {
  Win: 0.4,
  Place: 0.15,
  Show: 0.15,
  Exacta: 0.2,
  Trifecta: 0.1,
};

/** The morning line of a field: win probabilities by program number and the board odds. */
interface FieldLine {
  runners: RunnerForm[];
  probabilities: Record<string, number>;
  odds: Record<string, string>;
}

/**
 * Pools and the tote: house liquidity when a race opens (spread by the morning line's win
 * probabilities), the simulated crowd, and the tote board (the figures of the pools as they are;
 * from the close on they no longer move, and settlement pays from exactly them).
 */
@Injectable()
export class PoolService {
  private readonly logger = new Logger('Pools');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PoolRepository) private readonly pools: PoolRepository,
    @Inject(BetRepository) private readonly bets: BetRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The morning line of a race's field from the runners' form (domain morningLine). */
  async fieldLine(raceId: number, manager: EntityManager | DataSource = this.dataSource): Promise<FieldLine> {
    const runners = await this.pools.runnerForms(raceId, manager);
    const line = morningLine(
      runners.map((r) => ({
        winRate: r.win_pct === null ? null : r.win_pct / 100,
        averageSpeed: r.avg_speed,
        earningsCents: r.earnings_cents,
        lastRaceTimeSeconds: r.last_race_time_ms === null ? null : r.last_race_time_ms / 1000,
        jockeyWinRate: r.jockey_win_pct === null ? null : r.jockey_win_pct / 100,
      })),
    );
    const probabilities: Record<string, number> = {};
    const odds: Record<string, string> = {};
    runners.forEach((r, i) => {
      probabilities[String(r.post_position)] = line.probabilities[i] ?? 0;
      odds[String(r.post_position)] = formatOdds(line.odds[i] ?? 99).fractional;
    });
    return { runners, probabilities, odds };
  }

  /** Seeds the single-race pools of newly opened races with house liquidity (once per pool). */
  async openPools(raceIds: readonly number[]): Promise<number> {
    let seeded = 0;
    for (const raceId of raceIds) {
      try {
        seeded += await this.dataSource.transaction((m) => this.seedRace(m, raceId));
      } catch (err) {
        this.logger.warn(`pools of race ${raceId} not seeded: ${(err as Error).message}`);
      }
    }
    return seeded;
  }

  private async seedRace(manager: EntityManager, raceId: number): Promise<number> {
    const [race] = await this.bets.lockRaces(manager, [raceId]);
    if (!takesBets(race, this.clock.nowMs())) return 0;
    const line = await this.fieldLine(raceId, manager);
    if (line.runners.length < 2) return 0;
    const probs = line.probabilities;
    const shapes: Record<SeededType, () => Record<string, number>> = {
      Win: () => probs,
      Place: () => topProbabilities(probs, 2),
      Show: () => topProbabilities(probs, 3),
      Exacta: () => harvilleOrdered(probs, 2),
      Quinella: () => quinellaProbabilities(probs),
      Trifecta: () => harvilleOrdered(probs, 3),
    };
    let seeded = 0;
    for (const betType of SEEDED_TYPES) {
      const cents = ['Win', 'Place', 'Show'].includes(betType)
        ? this.config.wagering.seedWinCents
        : this.config.wagering.seedExoticCents;
      if (cents <= 0) continue;
      const pool = await this.ensurePool(manager, [raceId], betType);
      if (!(await this.pools.markSeeded(manager, pool.id, cents))) continue;
      const spread = seedPool(pool.takeout, cents, shapes[betType]());
      await this.houseMoney(manager, pool, spread, cents, 'pool_seed');
      seeded++;
    }
    return seeded;
  }

  private async ensurePool(manager: EntityManager, raceIds: number[], betType: BetTypeName): Promise<PoolRow> {
    const betTypeId = await this.bets.betTypeId(betType, manager);
    if (betTypeId === undefined) throw new Error(`bet type ${betType} is not in bet_types`);
    return this.pools.ensurePool(manager, {
      race_ids: raceIds,
      bet_type: betType,
      bet_type_id: betTypeId,
      takeout: takeoutFor(this.config.wagering, betType),
    });
  }

  /** House money into a pool: a ledger transfer from the house and the interests marked as the house's. */
  private async houseMoney(manager: EntityManager, pool: PoolRow, spread: Pool, cents: number, reason: string) {
    const interests = Object.keys(spread.money);
    const amounts = interests.map((k) => spread.money[k] as number);
    const total = amounts.reduce((s, c) => s + c, 0);
    if (total <= 0 || total !== cents) return;
    await this.ledger.openSystemAccount(manager, pool.account_code);
    await this.ledger.transfer(manager, {
      from: HOUSE,
      to: { system: pool.account_code },
      amount_cents: total,
      reason,
      reference: `pool:${pool.id}`,
    });
    await this.pools.addMoney(manager, pool.id, { interests, cents: amounts, house: true });
  }

  /**
   * The simulated crowd: house-funded money into each open race's pools (at most the configured
   * amount per race per tick, spread by the morning line with noise), so the odds move until post.
   */
  async crowdTick(raceIds: readonly number[]): Promise<void> {
    const cap = this.config.wagering.crowdCentsPerTick;
    if (cap < 100) return;
    for (const raceId of raceIds) {
      try {
        await this.dataSource.transaction(async (manager) => {
          const [race] = await this.bets.lockRaces(manager, [raceId]);
          if (!takesBets(race, this.clock.nowMs())) return;
          const line = await this.fieldLine(raceId, manager);
          if (line.runners.length < 2) return;
          // Noise on the crowd's view of each horse, so money does not simply follow the line.
          const noisy: Record<string, number> = {};
          for (const [k, p] of Object.entries(line.probabilities))
            noisy[k] = p * (0.5 + this.random.int(0, 1000) / 1000);
          const tick = this.random.int(cap / 10, cap + 1);
          for (const betType of SEEDED_TYPES) {
            const share = CROWD_SHARES[betType];
            if (!share) continue;
            // Whole dollars, so every interest holds an amount a ticket could have.
            const cents = Math.floor((tick * share) / 100) * 100;
            if (cents <= 0) continue;
            const shape =
              betType === 'Win'
                ? noisy
                : betType === 'Place'
                  ? topProbabilities(noisy, 2)
                  : betType === 'Show'
                    ? topProbabilities(noisy, 3)
                    : harvilleOrdered(noisy, betType === 'Exacta' ? 2 : 3);
            const dollars = seedPool(0, cents / 100, shape);
            const spread: Pool = {
              takeout: 0,
              money: Object.fromEntries(Object.entries(dollars.money).map(([k, d]) => [k, d * 100])),
            };
            const pool = await this.ensurePool(manager, [raceId], betType);
            await this.houseMoney(manager, pool, spread, cents, 'crowd');
          }
        });
      } catch (err) {
        this.logger.warn(`crowd money for race ${raceId} not placed: ${(err as Error).message}`);
      }
    }
  }

  /** GET /api/current_races/{id}/tote and the `tote:update` event. */
  async tote(raceId: number): Promise<ToteView> {
    const race = await this.pools.race(raceId);
    if (!race) throw notFound('Current race', raceId);
    const pools = await this.pools.poolsStartingAt(raceId);
    const money = await this.pools.interests(
      this.dataSource,
      pools.map((p) => p.id),
    );
    const byType = new Map(
      pools.map((p) => [p.bet_type, { row: p, pool: { takeout: p.takeout, money: money.get(p.id) ?? {} } }]),
    );
    const line = await this.fieldLine(raceId);
    const win = byType.get('Win')?.pool;
    const runners: ToteRunner[] = line.runners.map((r) => {
      const key = String(r.post_position);
      const odds = win ? winOdds(win, key) : null;
      return {
        post_position: r.post_position,
        horse_name: r.horse_name,
        morning_line: line.odds[key] ?? '99-1',
        win_cents: win?.money[key] ?? 0,
        place_cents: byType.get('Place')?.pool.money[key] ?? 0,
        show_cents: byType.get('Show')?.pool.money[key] ?? 0,
        win_odds: odds ? Math.round(odds.toOne * 100) / 100 : null,
        win_odds_display: odds?.fractional ?? null,
      };
    });
    const exacta = byType.get('Exacta')?.pool;
    const willPay = exacta ? probables(exacta) : {};
    const exacta_probables: ExactaProbable[] = [];
    for (const a of line.runners) {
      for (const b of line.runners) {
        if (a.post_position === b.post_position) continue;
        const price = willPay[`${a.post_position}-${b.post_position}`];
        exacta_probables.push({
          first: a.post_position,
          second: b.post_position,
          payout_cents: price === undefined ? null : price * 2,
        });
      }
    }
    const racingNow = this.clock.nowMs();
    return {
      race_id: raceId,
      status: race.status,
      frozen: race.status !== 'open' || race.post_time.getTime() <= racingNow,
      as_of: new Date(racingNow).toISOString(),
      pools: pools.map((p) => ({
        bet_type: p.bet_type as BetTypeName,
        race_ids: p.race_ids,
        gross_cents: p.gross_cents,
        takeout: p.takeout,
        net_cents: netPoolCents(p.gross_cents, p.takeout),
      })),
      runners,
      exacta_probables,
    };
  }
}
