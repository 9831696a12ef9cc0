import type {
  BetTypeName,
  DailyDoubleProbables,
  ExactaProbable,
  PickWillPays,
  ToteOdds,
  ToteRunner,
  ToteView,
} from '@furlong/contracts';
import {
  BET_TYPES,
  type BetTypeRule,
  netPoolCents,
  type Pool,
  pickWillPayPrefixes,
  pickWillPays,
  probables,
  seedPool,
  settlePoolByFinish,
  storedMorningLine,
  substituteScratchedSelections,
  winOdds,
} from '@furlong/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import { notFound } from '../common/api-error';
import { Clock } from '../common/clock';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BetRepository } from './bet.repository';
import { CROWD_LEGS, crowdMoney } from './crowd-money';
import { PoolRepository, type PoolRow, type RunnerLine } from './pool.repository';
import { type CardRace, type SequencePool, SequencePoolRepository } from './sequence-pool.repository';
import { type LegScratches, SettlementRepository } from './settlement.repository';
import { carryoverAccountCode, takeoutFor, takesBets } from './wagering-rules';

/** Odds to 1 as the board shows them: two decimals. */
const oddsToOne = (odds: { toOne: number }) => Math.round(odds.toOne * 100) / 100;

/** The pools whose interests the board's light part (`tote:odds`) reads. */
const STRAIGHT_TYPES = ['Win', 'Place', 'Show'] as const satisfies readonly BetTypeName[];

/** The longest sequence (Pick 10): the races a pool starting at a race may reach. */
const MAX_LEGS = Math.max(...BET_TYPES.map((t) => t.legs));

/** One pool to seed at a race's opening: its races, its house stake and the spread of it. */
interface SeedPlan {
  type: BetTypeRule;
  raceIds: number[];
  cents: number;
  shape: () => Record<string, number>;
}

/** A race and the later legs of the sequences starting at it, each leg with its morning line. */
interface Legs {
  raceIds: number[];
  probabilities: Record<string, number>[];
}

/** The morning line of a field: win probabilities by program number and the board odds. */
interface FieldLine {
  runners: RunnerLine[];
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
    @Inject(SequencePoolRepository) private readonly sequences: SequencePoolRepository,
    @Inject(SettlementRepository) private readonly settlements: SettlementRepository,
    @Inject(BetRepository) private readonly bets: BetRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(Clock) private readonly wall: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Per race, the crowd tick this instance knows to be in its pools (or Infinity once they froze):
   * a look that crosses no tick boundary costs no transaction. Only a shortcut: the mark in the
   * database decides.
   */
  private readonly crowdKnown = new Map<number, number>();

  /**
   * The morning line of a race's field as its card fixed it (domain storedMorningLine): never made
   * again from later form, so the seed, the crowd and the board all read the line the card shows.
   */
  async fieldLine(raceId: number, manager: EntityManager | DataSource = this.dataSource): Promise<FieldLine> {
    const runners = await this.pools.runnerLines(raceId, manager);
    const line = storedMorningLine(runners);
    const probabilities: Record<string, number> = {};
    const odds: Record<string, string> = {};
    runners.forEach((r, i) => {
      probabilities[String(r.post_position)] = line.probabilities[i] ?? 0;
      // A race finished before lines were kept has none to show.
      odds[String(r.post_position)] = line.display[i] ?? '—';
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
    if (!race || !takesBets(race, this.clock.nowMs())) return 0;
    const line = await this.fieldLine(raceId, manager);
    if (line.runners.length < 2) return 0;
    const legs = await this.legs(manager, race, line, MAX_LEGS, new Map());
    const wanted: { plan: SeedPlan; spread: Pool | null }[] = [];
    // Bet type name order: the order every writer locks the pools of one race in.
    for (const plan of this.seedPlans(legs).sort((a, b) => (a.type.name < b.type.name ? -1 : 1))) {
      const { name, carriesOver } = plan.type;
      // With no house stake configured, a Pick N pool is still made if a carryover waits for it.
      if (plan.cents <= 0) {
        const waiting =
          carriesOver && (await this.ledger.balanceOf(carryoverAccountCode(race.track_id, name), manager));
        if (!waiting) continue;
      }
      const spread = plan.cents > 0 ? seedPool(takeoutFor(this.config.wagering, name), plan.cents, plan.shape()) : null;
      wanted.push({ plan, spread });
    }
    // The race's pools found or made and locked in one statement, then the stakes of those not yet seeded.
    const pools = await this.ensurePools(
      manager,
      wanted.map(({ plan }) => ({ raceIds: plan.raceIds, betType: plan.type.name })),
    );
    const stakes = wanted.flatMap(({ plan, spread }, i) =>
      spread && Object.values(spread.money).some((c) => c > 0)
        ? [{ pool: pools[i] as PoolRow, spread, cents: plan.cents }]
        : [],
    );
    const marked = await this.pools.markSeeded(
      manager,
      stakes.map(({ pool, cents }) => ({ poolId: pool.id, cents })),
    );
    await this.houseMoney(
      manager,
      stakes.filter(({ pool }) => marked.has(pool.id)),
      'pool_seed',
    );
    // After the house's transfers: the house account is always locked before a carryover account.
    for (const [i, { plan }] of wanted.entries()) {
      if (plan.type.carriesOver) await this.takeCarryover(manager, pools[i] as PoolRow, race.track_id);
    }
    // The crowd starts betting now; its money accrues from here when someone looks or at the close.
    await this.pools.startCrowdMark(manager, raceId, this.wall.now());
    return marked.size;
  }

  /**
   * The pools a race's opening seeds: every bet type whose races its card has (its own, the double
   * and every Pick N), each with its type's stake and shape over the morning lines of its legs.
   */
  private seedPlans(legs: Legs): SeedPlan[] {
    return BET_TYPES.filter((type) => type.legs <= legs.raceIds.length).map((type) => ({
      type,
      raceIds: legs.raceIds.slice(0, type.legs),
      cents: this.config.wagering[type.seedStake],
      shape: () => type.seedShape(legs.probabilities.slice(0, type.legs)),
    }));
  }

  /**
   * The race and the races after it on its card (at most `count` in all, consecutive numbers, each
   * with a field of two or more), with each one's morning line; `lines` caches the lines by race.
   */
  private async legs(
    manager: EntityManager,
    race: CardRace,
    line: FieldLine,
    count: number,
    lines: Map<number, FieldLine>,
  ): Promise<Legs> {
    const legs: Legs = { raceIds: [race.id], probabilities: [line.probabilities] };
    if (count < 2) return legs;
    for (const id of await this.sequences.followingRaces(manager, race, count - 1)) {
      let next = lines.get(id);
      if (!next) {
        next = await this.fieldLine(id, manager);
        lines.set(id, next);
      }
      if (next.runners.length < 2) break;
      legs.raceIds.push(id);
      legs.probabilities.push(next.probabilities);
    }
    return legs;
  }

  /**
   * Moves the track's carryover of this Pick N type (if any) into the pool: a ledger transfer from
   * `carryover:{track}:{type}` and the pool's record, so its net pool grows by it, untaxed.
   */
  private async takeCarryover(manager: EntityManager, pool: PoolRow, trackId: number): Promise<void> {
    if (pool.state !== 'open') return;
    const code = carryoverAccountCode(trackId, pool.bet_type);
    const cents = await this.ledger.lockBalance(manager, code);
    if (cents <= 0) return;
    await this.ledger.openSystemAccount(manager, pool.account_code);
    await this.ledger.transfer(manager, {
      from: { system: code },
      to: { system: pool.account_code },
      amount_cents: cents,
      reason: 'carryover_in',
      reference: `pool:${pool.id}`,
    });
    await this.sequences.addCarryover(manager, pool.id, cents);
  }

  /** Finds or makes the pools and locks them, in the order given (bet type order within a race), in one statement. */
  private async ensurePools(
    manager: EntityManager,
    wanted: readonly { raceIds: number[]; betType: BetTypeName }[],
  ): Promise<PoolRow[]> {
    if (wanted.length === 0) return [];
    const entries = [];
    for (const { raceIds, betType } of wanted) {
      const betTypeId = await this.bets.betTypeId(betType, manager);
      if (betTypeId === undefined) throw new Error(`bet type ${betType} is not in bet_types`);
      const takeout = takeoutFor(this.config.wagering, betType);
      const pool = { race_ids: raceIds, bet_type: betType, bet_type_id: betTypeId, takeout };
      entries.push({ pool, gross_cents: 0, interests: [], cents: [] });
    }
    return this.pools.ensurePools(manager, entries);
  }

  /**
   * House money into pools (each spread summing to its stake): for each, a ledger transfer from the
   * house and the interests marked as the house's; one statement per step for all of them.
   */
  private async houseMoney(
    manager: EntityManager,
    stakes: readonly { pool: PoolRow; spread: Pool; cents: number }[],
    reason: string,
  ): Promise<void> {
    const due = stakes.flatMap(({ pool, spread, cents }) => {
      const interests = Object.keys(spread.money);
      const amounts = interests.map((k) => spread.money[k] as number);
      const total = amounts.reduce((s, c) => s + c, 0);
      return total > 0 && total === cents ? [{ pool, interests, amounts, total }] : [];
    });
    if (due.length === 0) return;
    await this.ledger.openSystemAccounts(
      manager,
      due.map(({ pool }) => pool.account_code),
    );
    await this.ledger.transferMany(
      manager,
      due.map(({ pool, total }) => ({
        from: HOUSE,
        to: { system: pool.account_code },
        amount_cents: total,
        reason,
        reference: `pool:${pool.id}`,
      })),
    );
    await this.pools.addHouseMoney(
      manager,
      due.map(({ pool, interests, amounts }) => ({ poolId: pool.id, interests, cents: amounts })),
    );
  }

  /** Wall ms between two ticks of the simulated crowd (the tote interval it used to run at). */
  private get crowdTickMs(): number {
    return this.config.wagering.toteIntervalMs;
  }

  /**
   * The simulated crowd, lazily: house-funded money into the pools starting at a race (its own, the
   * double and the Pick 3 when its card has the races) for every crowd tick since its mark up to
   * now or the race's post time, whichever is first, in one transaction (crowd-money.ts: each tick
   * at most the configured amount, spread by the morning line with noise, a pure function of the
   * race and the tick). Run when someone looks at the board, a bet moves it, or the race closes;
   * with `freezeAt` (the close) the race's open pools then freeze in the same transaction, so the
   * frozen board holds every tick up to post. The mark row's lock makes two callers (retries,
   * several instances) add each tick once. The crowd bets only with live racing on (as the tote
   * tick it replaces ran only then), unless `crowd` says otherwise. Returns whether the board changed.
   */
  async catchUpCrowd(raceId: number, options: { freezeAt?: Date; crowd?: boolean } = {}): Promise<boolean> {
    const { freezeAt, crowd = this.config.racing.enabled } = options;
    const wallNow = this.wall.now().getTime();
    const period = this.crowdTickMs;
    if (freezeAt === undefined && (!crowd || (this.crowdKnown.get(raceId) ?? -1) >= Math.floor(wallNow / period))) {
      return false;
    }
    const outcome = await this.dataSource.transaction(async (manager) => {
      const [race] = await this.bets.lockRaces(manager, [raceId]);
      if (!race) return { changed: false, known: -1 };
      if (!(await this.pools.hasOpenPools(manager, raceId))) {
        // Not seeded yet (look again), or frozen for good.
        return { changed: false, known: takesBets(race, this.clock.nowMs()) ? -1 : Infinity };
      }
      let changed = false;
      let known = Math.floor(wallNow / period);
      if (crowd && race.status !== 'cancelled') {
        const through = await this.pools.lockCrowdMark(manager, raceId, new Date(wallNow));
        const end = Math.min(wallNow, this.clock.toWall(race.post_time.getTime()));
        const from = Math.floor(through.getTime() / period);
        const to = Math.floor(end / period);
        if (to > from) {
          changed = await this.addCrowdMoney(manager, race, from, to);
          await this.pools.moveCrowdMark(manager, raceId, new Date(end));
        }
        if (end < wallNow) known = to;
      }
      // Only a race no longer taking bets freezes (the server clock decides, not the caller).
      const closing = freezeAt !== undefined && !takesBets(race, this.clock.nowMs());
      if (closing && (await this.pools.freezeRace(manager, raceId, freezeAt))) {
        return { changed: true, known: Infinity };
      }
      return { changed, known };
    });
    // Past post the mark stops at post: keep looking until the close freezes the pools.
    this.crowdKnown.set(raceId, outcome.known);
    if (this.crowdKnown.size > 10_000) this.crowdKnown.clear();
    return outcome.changed;
  }

  /** The crowd's ticks (from, to] of the race into its pools, through the ledger; whether any money went in. */
  private async addCrowdMoney(manager: EntityManager, race: CardRace, from: number, to: number): Promise<boolean> {
    const cap = this.config.wagering.crowdCentsPerTick;
    if (cap < 100) return false;
    const lines = new Map<number, FieldLine>();
    const line = await this.fieldLine(race.id, manager);
    if (line.runners.length < 2) return false;
    const legs = await this.legs(manager, race, line, CROWD_LEGS, lines);
    const money = crowdMoney(race.id, from, to, cap, legs.probabilities);
    // CROWD_TYPES order (bet type name): the order every writer locks the pools of one race in.
    const wanted: { betType: BetTypeName; raceIds: number[]; crowd: { cents: number; money: Pool['money'] } }[] = [];
    for (const [name, crowd] of money) {
      const type = BET_TYPES.find((t) => t.name === name);
      if (type && crowd.cents > 0) wanted.push({ betType: name, raceIds: legs.raceIds.slice(0, type.legs), crowd });
    }
    const pools = await this.ensurePools(manager, wanted);
    const stakes = wanted.flatMap(({ crowd }, i) => {
      const pool = pools[i] as PoolRow;
      return pool.state === 'open' ? [{ pool, spread: { takeout: 0, money: crowd.money }, cents: crowd.cents }] : [];
    });
    await this.houseMoney(manager, stakes, 'crowd');
    return stakes.length > 0;
  }

  /** The board as it stands now: the crowd's money due first (see catchUpCrowd), then the tote. */
  async liveTote(raceId: number): Promise<ToteView> {
    try {
      await this.catchUpCrowd(raceId);
    } catch (err) {
      this.logger.warn(`crowd money for race ${raceId} not placed: ${(err as Error).message}`);
    }
    return this.tote(raceId);
  }

  /**
   * Each backed runner's win odds to 1 as the race's win pool stands (frozen since the close), by
   * post position: the board's win odds, without the rest of the board (exactas, doubles, picks).
   */
  async winOddsByPost(raceId: number): Promise<Map<number, number>> {
    const win = (await this.pools.poolsStartingAt(raceId)).find((p) => p.bet_type === 'Win');
    const byPost = new Map<number, number>();
    if (!win) return byPost;
    const money = (await this.pools.interests(this.dataSource, [win.id])).get(win.id) ?? {};
    const pool = { takeout: win.takeout, money };
    for (const key of Object.keys(money)) {
      const odds = winOdds(pool, key);
      if (odds) byPost.set(Number(key), oddsToOne(odds));
    }
    return byPost;
  }

  /**
   * The `tote:odds` part of the board: the pools' totals and the runners' money and win odds. Reads
   * the win, place and show interests only (not the exotics' hundreds), as it goes out after bets.
   */
  async toteOdds(raceId: number): Promise<ToteOdds> {
    const [race, pools, line] = await Promise.all([
      this.pools.race(raceId),
      this.pools.poolsStartingAt(raceId),
      this.fieldLine(raceId),
    ]);
    if (!race) throw notFound('Current race', raceId);
    const straight = pools.filter((p) => (STRAIGHT_TYPES as readonly string[]).includes(p.bet_type));
    const money = await this.pools.interests(
      this.dataSource,
      straight.map((p) => p.id),
    );
    return this.oddsPart(raceId, race, pools, line, money);
  }

  /** The board's light part from what the board reads: header, pools and runners. */
  private oddsPart(
    raceId: number,
    race: { status: string; post_time: Date },
    pools: readonly PoolRow[],
    line: FieldLine,
    money: ReadonlyMap<number, Record<string, number>>,
  ): ToteOdds {
    const moneyOf = (name: BetTypeName) => {
      const row = pools.find((p) => p.bet_type === name);
      return row ? (money.get(row.id) ?? {}) : undefined;
    };
    const winRow = pools.find((p) => p.bet_type === 'Win');
    const win = winRow ? { takeout: winRow.takeout, money: moneyOf('Win') ?? {} } : undefined;
    const runners: ToteRunner[] = line.runners.map((r) => {
      const key = String(r.post_position);
      const odds = win ? winOdds(win, key) : null;
      return {
        post_position: r.post_position,
        horse_name: r.horse_name,
        morning_line: line.odds[key] ?? '99-1',
        win_cents: win?.money[key] ?? 0,
        place_cents: moneyOf('Place')?.[key] ?? 0,
        show_cents: moneyOf('Show')?.[key] ?? 0,
        win_odds: odds ? oddsToOne(odds) : null,
        win_odds_display: odds?.fractional ?? null,
      };
    });
    const racingNow = this.clock.nowMs();
    return {
      race_id: raceId,
      status: race.status,
      // Final once the close has frozen the pools: it adds the crowd's money up to post in the same
      // transaction. Not merely past post, where a board read after a crowd catch-up that ran just
      // before post would be called final without the last ticks (and a bet in flight).
      frozen:
        pools.length > 0
          ? pools.every((p) => p.state !== 'open')
          : race.status !== 'open' || race.post_time.getTime() <= racingNow,
      as_of: new Date(racingNow).toISOString(),
      pools: pools.map((p) => ({
        bet_type: p.bet_type as BetTypeName,
        race_ids: p.race_ids,
        gross_cents: p.gross_cents,
        takeout: p.takeout,
        net_cents: netPoolCents(p.gross_cents, p.takeout, p.carryover_cents),
        carryover_cents: p.carryover_cents,
      })),
      runners,
    };
  }

  /** GET /api/current_races/{id}/tote and the `tote:update` event. */
  async tote(raceId: number): Promise<ToteView> {
    // The independent reads at once (each a round trip; a board is waited for by every viewer).
    const [race, pools, line, picks] = await Promise.all([
      this.pools.race(raceId),
      this.pools.poolsStartingAt(raceId),
      this.fieldLine(raceId),
      this.sequences.pickPoolsEndingAt(raceId),
    ]);
    if (!race) throw notFound('Current race', raceId);
    const [money, winners] = await Promise.all([
      this.pools.interests(
        this.dataSource,
        pools.map((p) => p.id),
      ),
      this.sequences.officialWinners([raceId, ...picks.flatMap((p) => p.race_ids.slice(0, -1))]),
    ]);
    const byType = new Map(
      pools.map((p) => [p.bet_type, { row: p, pool: { takeout: p.takeout, money: money.get(p.id) ?? {} } }]),
    );
    // The board's own views of some types: by a checked name, so a renamed type fails to compile.
    const ofType = (name: BetTypeName) => byType.get(name);
    const odds = this.oddsPart(raceId, race, pools, line, money);
    const exacta = ofType('Exacta')?.pool;
    const willPay = exacta ? probables({ ...exacta, rules: this.config.wagering.priceRules }) : {};
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

    const field = line.runners.map((r) => r.post_position);
    const dd = ofType('Daily Double');
    // The scratches of every leg of the double and of each Pick N, in one read: both price as settlement will.
    const sequenceRaces = [...new Set([...(dd?.row.race_ids ?? []), ...picks.flatMap((p) => p.race_ids)])];
    const scratches = new Map(
      (await this.settlements.legScratches(this.dataSource.manager, sequenceRaces)).map((l) => [l.race_id, l]),
    );
    const legsOf = (raceIds: readonly number[]) => raceIds.map((id) => scratches.get(id) as LegScratches);
    const [daily_double, pick_will_pays] = await Promise.all([
      dd ? this.dailyDouble(dd.row, dd.pool, field, winners.get(raceId) ?? null, legsOf(dd.row.race_ids)) : null,
      Promise.all(picks.map((p) => this.pickWillPays(p, field, winners, winners.has(raceId), legsOf(p.race_ids)))),
    ]);

    return {
      ...odds,
      exacta_probables,
      daily_double,
      pick_will_pays,
      price_rules: {
        min_price_per_dollar_cents: this.config.wagering.priceRules.minPricePerDollarCents,
        breakage_cents: this.config.wagering.priceRules.breakageCents,
      },
      scratched: await this.pools.scratched(raceId),
    };
  }

  /**
   * The double starting at this race as a grid of $2 payouts: a row per leg-1 horse with money on
   * it (only the winners' once leg 1 is official: one, or each that dead-heated), a column per
   * leg-2 horse. Priced as settlement will pay: a scratched selection stands for its leg's
   * favourite, and after leg 1 each cell is the pool settled on that result with the column's horse
   * winning leg 2 (a dead heat's combinations share the profit).
   */
  private async dailyDouble(
    row: PoolRow,
    pool: Pool,
    field: number[],
    leg1Winners: number[] | null,
    legs: readonly LegScratches[],
  ): Promise<DailyDoubleProbables> {
    const second = await this.sequences.postPositions(row.race_ids[1] as number);
    const priced = {
      ...pool,
      money: substituteScratchedSelections(pool.money, legs).money,
      rules: this.config.wagering.priceRules,
    };
    let priceOf: (first: number, s: number) => number | undefined;
    if (leg1Winners === null) {
      const prices = probables(priced);
      priceOf = (first, s) => prices[`${first}-${s}`];
    } else {
      const byColumn = new Map(
        second.map((s) => {
          const settled = settlePoolByFinish('Daily Double', priced, [[leg1Winners], [[s]]]);
          return [s, new Map(settled.prices.map((p) => [p.interest, p.price_per_dollar_cents]))];
        }),
      );
      priceOf = (first, s) => byColumn.get(s)?.get(`${first}-${s}`);
    }
    const rows = (leg1Winners ?? field)
      .map((first) => ({
        first,
        payouts_cents: second.map((s) => {
          const price = priceOf(first, s);
          return price === undefined ? null : price * 2;
        }),
      }))
      .filter((r) => leg1Winners !== null || r.payouts_cents.some((c) => c !== null));
    return {
      race_ids: row.race_ids,
      leg1_winner: leg1Winners?.[0] ?? null,
      leg1_winners: leg1Winners,
      second,
      rows,
    };
  }

  /**
   * Will-pays of a Pick N pool ending at this race: once every earlier leg is official and this
   * one is not, what $2 on the earlier winners and each horse of this race pays.
   */
  private async pickWillPays(
    row: SequencePool,
    field: number[],
    winners: Map<number, number[]>,
    lastOfficial: boolean,
    legs: readonly LegScratches[],
  ): Promise<PickWillPays> {
    const earlier = row.race_ids.slice(0, -1).map((id) => winners.get(id));
    const known = earlier.every((w) => w !== undefined) ? (earlier as number[][]) : null;
    const base = {
      bet_type: row.bet_type as BetTypeName,
      race_ids: row.race_ids,
      carryover_cents: row.carryover_cents,
      winners: known?.map((w) => w[0] as number) ?? null,
      leg_winners: known,
    };
    if (!known || lastOfficial || (row.state !== 'open' && row.state !== 'frozen')) return { ...base, will_pays: null };
    // As settlement will: a scratched selection stands for its leg's favourite (this race's, of the moment).
    let money: Record<string, number>;
    if (legs.some((l) => l.scratched.length > 0)) {
      const all = (await this.pools.interests(this.dataSource, [row.id])).get(row.id) ?? {};
      money = substituteScratchedSelections(all, legs).money;
    } else {
      money = await this.sequences.interestsWithPrefixes(row.id, pickWillPayPrefixes(known));
    }
    const net = netPoolCents(row.gross_cents, row.takeout, row.carryover_cents);
    const prices = pickWillPays(net, money, known, field, this.config.wagering.priceRules);
    return {
      ...base,
      will_pays: field.map((h) => {
        const price = prices[String(h)];
        return { post_position: h, payout_cents: price == null ? null : price * 2 };
      }),
    };
  }
}
