import { createHash } from 'node:crypto';
import {
  type BetHistoryQuery,
  type BetListResponse,
  type BetRequest,
  type PlaceBetsResponse,
  type PlacedBet,
} from '@furlong/contracts';
import { expandCombinations, validateBet } from '@furlong/domain';
import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  UnprocessableEntityException,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LedgerService } from '../accounts/ledger.service';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { type FieldProblem, InvalidRequestException } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { betRefusal } from '../metrics/bet-refusal';
import { Metrics } from '../metrics/metrics';
import { BetRepository, type NewBet, type RaceField } from './bet.repository';
import { PoolRepository } from './pool.repository';
import { ToteFeed } from './tote-feed';
import { interestOf, takeoutFor, takesBets } from './wagering-rules';

/** A bet of the slip after validation, with its pool and the combinations it holds. */
interface CheckedBet {
  index: number;
  request: BetRequest;
  combinations: number;
  total_cents: number;
  interests: string[];
}

export const BETTING_CLOSED = 'Betting is closed for this race';

/** 409 for a race that no longer takes bets (closed, past post by the server's racing clock, or gone). */
export class BettingClosedException extends ConflictException {
  constructor(field: string, raceId: number) {
    super({
      statusCode: 409,
      error: 'Conflict',
      message: BETTING_CLOSED,
      reason: 'betting_closed',
      errors: [{ field, reason: `${BETTING_CLOSED} (race ${raceId})` }],
    });
  }
}

class SlipReplayed extends Error {}

/** Placing a slip (all or nothing, idempotent) and the betting history. */
@Injectable()
export class BetService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BetRepository) private readonly bets: BetRepository,
    @Inject(PoolRepository) private readonly pools: PoolRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(ToteFeed) private readonly toteFeed: ToteFeed,
  ) {}

  /**
   * POST /api/bets, with a slip its operation's schema has checked against the bet-type rules (a
   * 400 naming bets[i].field) and a well-formed key. Checks the bets against their races' fields, then in one transaction:
   * claims the idempotency key, locks the races and refuses unless each is open by the server's
   * racing clock, inserts the bets, debits the wallet into each pool's account and adds the money to
   * the pools. A replay of the key answers the first answer; another body under it is a 422.
   */
  async place(user: AuthenticatedUser, key: string, bets: readonly BetRequest[]): Promise<PlaceBetsResponse> {
    const started = performance.now();
    try {
      const placed = await this.placeSlip(user, key, bets);
      if (placed.fresh) this.metrics.slipAccepted(bets.length, (performance.now() - started) / 1000);
      return placed.response;
    } catch (err) {
      const reason = betRefusal(err);
      if (reason) this.metrics.slipRefused(reason, (performance.now() - started) / 1000);
      throw err;
    }
  }

  /** The slip placed (fresh) or the stored answer of its key (a replay). */
  private async placeSlip(
    user: AuthenticatedUser,
    key: string,
    bets: readonly BetRequest[],
  ): Promise<{ response: PlaceBetsResponse; fresh: boolean }> {
    const checked = bets.map(checkedBet);
    await this.checkFields(checked);
    const hash = createHash('sha256')
      .update(JSON.stringify(checked.map((c) => c.request)))
      .digest('hex');

    // The key is claimed inside the transaction: a replay (or a concurrent twin) finds it taken,
    // rolls back and answers the stored first answer.
    try {
      const response = await this.dataSource.transaction((manager) =>
        this.placeIn(manager, user.userId, key, hash, checked),
      );
      this.toteFeed.betsPlaced(checked.map((c) => c.request.race_ids[0] as number));
      return { response, fresh: true };
    } catch (err) {
      if (!(err instanceof SlipReplayed)) throw err;
      const stored = await this.bets.findSlip(user.userId, key);
      if (!stored) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: 'Retry the slip' });
      return { response: this.replay(stored, hash), fresh: false };
    }
  }

  private replay(stored: { request_hash: string; response: PlaceBetsResponse }, hash: string): PlaceBetsResponse {
    if (stored.request_hash !== hash) {
      throw new UnprocessableEntityException({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: 'This Idempotency-Key was already used for a different slip',
        reason: 'idempotency_key_reused',
      });
    }
    return stored.response;
  }

  private async placeIn(
    manager: EntityManager,
    userId: number,
    key: string,
    hash: string,
    checked: CheckedBet[],
  ): Promise<PlaceBetsResponse> {
    const newBets: NewBet[] = [];
    for (const bet of checked) {
      const betTypeId = await this.bets.betTypeId(bet.request.bet_type, manager);
      if (betTypeId === undefined) {
        throw new InvalidRequestException([{ field: `bets[${bet.index}].bet_type`, reason: 'not offered' }]);
      }
      newBets.push({
        slip_index: bet.index,
        bet_type_id: betTypeId,
        amount_cents: bet.request.amount_cents,
        total_cents: bet.total_cents,
        combinations: bet.combinations,
        box: bet.request.box,
        race_ids: bet.request.race_ids,
        selections: bet.request.selections,
      });
    }
    // Claims the key, locks the races and writes the bets in one statement; whatever fails the
    // checks below rolls all of it back.
    const opened = await this.bets.openSlip(manager, { userId, key, hash, betDate: this.clock.now(), bets: newBets });
    if (opened.slipId === undefined) throw new SlipReplayed();
    const { slipId, betIds: ids } = opened;

    // No past-posting: every race open and before its post time by the server's racing clock, read
    // now that the race rows are locked against the close.
    const races = new Map(opened.races.map((r) => [r.id, r]));
    const now = this.clock.now();
    for (const bet of checked) {
      bet.request.race_ids.forEach((id, leg) => {
        const race = races.get(id);
        if (!takesBets(race, now.getTime())) {
          throw new BettingClosedException(`bets[${bet.index}].race_ids[${leg}]`, id);
        }
      });
    }
    // No bet on a scratched runner, read under the same lock (a scratch locks the race first).
    const scratchedPicks = checked.flatMap((bet) => scratchedSelections(bet, races));
    if (scratchedPicks.length > 0) throw new InvalidRequestException(scratchedPicks);

    // One pool per (first race, bet type), locked in that order by every writer (no deadlocks).
    const byPool = new Map<string, CheckedBet[]>();
    for (const bet of checked) {
      const poolKey = `${String(bet.request.race_ids[0]).padStart(10, '0')}|${bet.request.bet_type}`;
      byPool.set(poolKey, [...(byPool.get(poolKey) ?? []), bet]);
    }
    let balance = 0;
    for (const poolKey of [...byPool.keys()].sort()) {
      const group = byPool.get(poolKey) as CheckedBet[];
      const first = group[0] as CheckedBet;
      const interests: string[] = [];
      const cents: number[] = [];
      let total = 0;
      for (const bet of group) {
        total += bet.total_cents;
        for (const interest of bet.interests) {
          interests.push(interest);
          cents.push(bet.request.amount_cents);
        }
      }
      // Finds or makes the pool, locks it and adds the slip's money to its gross and interests in one statement.
      const pool = await this.pools.ensurePool(
        manager,
        {
          race_ids: first.request.race_ids,
          bet_type: first.request.bet_type,
          bet_type_id: (await this.bets.betTypeId(first.request.bet_type, manager)) as number,
          takeout: takeoutFor(this.config.wagering, first.request.bet_type),
        },
        total,
        { interests, cents },
      );
      if (pool.state !== 'open') {
        throw new BettingClosedException(`bets[${first.index}].race_ids[0]`, pool.current_race_id);
      }
      if (pool.created) await this.ledger.openSystemAccount(manager, pool.account_code);
      const moved = await this.ledger.transfer(manager, {
        from: { userId },
        to: { system: pool.account_code },
        amount_cents: total,
        reason: 'bet',
        reference: `bets:${group.map((b) => ids[checked.indexOf(b)]).join(',')}`.slice(0, 200),
      });
      balance = moved.from_balance_cents;
    }

    const placed: PlacedBet[] = checked.map((bet, i) => ({
      id: ids[i] as number,
      slip_index: bet.index,
      bet_type: bet.request.bet_type,
      race_ids: bet.request.race_ids,
      selections: bet.request.selections,
      box: bet.request.box,
      amount_cents: bet.request.amount_cents,
      combinations: bet.combinations,
      total_cents: bet.total_cents,
      status: 'pending',
    }));
    const response: PlaceBetsResponse = {
      idempotency_key: key,
      bets: placed,
      total_cents: placed.reduce((s, b) => s + b.total_cents, 0),
      balance_cents: Number(balance),
    };
    await this.bets.saveSlipResponse(manager, slipId, response);
    return response;
  }

  /**
   * Every bet against its races' fields before anything is written (400 naming the leg); a race
   * that does not exist is left to the locked check, which answers that betting is closed.
   */
  private async checkFields(checked: readonly CheckedBet[]): Promise<void> {
    const races = await this.bets.raceFields([...new Set(checked.flatMap((b) => b.request.race_ids))]);
    const problems = checked.flatMap((bet) => this.checkRaces(bet, races));
    if (problems.length > 0) throw new InvalidRequestException(problems);
  }

  /** Program numbers within each leg's field; the legs of a sequence consecutive races of one card. */
  private checkRaces(bet: CheckedBet, races: Map<number, RaceField>): FieldProblem[] {
    const problems: FieldProblem[] = [];
    const legs = bet.request.race_ids.map((id) => races.get(id));
    const multi = legs.length > 1;
    bet.request.selections.forEach((list, slot) => {
      const race = multi ? legs[slot] : legs[0];
      if (!race) return;
      const outside = list.filter((pp) => pp > race.num_horses);
      if (outside.length > 0) {
        problems.push({
          field: `bets[${bet.index}].selections[${slot}]`,
          reason: `Horse ${outside.join(', ')} is not in race ${race.id} (program numbers 1 to ${race.num_horses}).`,
        });
      }
    });
    for (let k = 1; k < legs.length; k++) {
      const a = legs[k - 1];
      const b = legs[k];
      if (!a || !b) continue;
      if (a.track_id !== b.track_id || a.race_date !== b.race_date || b.race_number !== a.race_number + 1) {
        problems.push({
          field: `bets[${bet.index}].race_ids`,
          reason: 'The races of a multi-race bet must be consecutive races of one track card.',
        });
        break;
      }
    }
    return problems;
  }

  /** GET /api/me/bets and /api/users/{id}/bets: yours, or any as an admin. */
  async history(user: AuthenticatedUser, userId: number, query: BetHistoryQuery): Promise<BetListResponse> {
    if (user.userId !== userId && user.role !== 'admin') {
      throw new ForbiddenException({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You may only see your own bets',
        reason: 'forbidden',
      });
    }
    const page = await this.bets.listOfUser(userId, query);
    return { ...page, limit: query.limit, offset: query.offset };
  }
}

/** The selections of a bet naming a runner scratched from its race (one problem per slot). */
function scratchedSelections(
  bet: CheckedBet,
  races: ReadonlyMap<number, { id: number; scratched: number[] }>,
): FieldProblem[] {
  const multi = bet.request.race_ids.length > 1;
  const problems: FieldProblem[] = [];
  bet.request.selections.forEach((list, slot) => {
    const race = races.get(bet.request.race_ids[multi ? slot : 0] as number);
    const named = race ? list.filter((pp) => race.scratched.includes(pp)) : [];
    if (race && named.length > 0) {
      problems.push({
        field: `bets[${bet.index}].selections[${slot}]`,
        reason: `Horse ${named.join(', ')} is scratched from race ${race.id}.`,
      });
    }
  });
  return problems;
}

/** A bet the slip's schema has accepted, with what it costs and the pool interests it holds. */
function checkedBet(request: BetRequest, index: number): CheckedBet {
  const verdict = validateBet(request);
  const expanded = expandCombinations(request);
  if (!verdict.ok || !expanded.ok) throw new Error(`bets[${index}] passed the slip's schema but not the bet rules`);
  return {
    index,
    request,
    combinations: verdict.combinations,
    total_cents: verdict.total_cents,
    interests: expanded.tuples.map((t) => interestOf(request.bet_type, t)),
  };
}
