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
import { GroupCommit } from '../common/group-commit';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { betRefusal } from '../metrics/bet-refusal';
import { Metrics } from '../metrics/metrics';
import { BetRepository, type LockedRace, type NewBet, type NewSlip, type RaceField } from './bet.repository';
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

/** A checked slip waiting for its group: the bettor, its key, the hash of its body and its bets. */
interface SlipToPlace {
  userId: number;
  key: string;
  hash: string;
  checked: CheckedBet[];
}

/** A slip written (its answer), or one whose key another request holds (answer its stored answer). */
type SlipOutcome = { response: PlaceBetsResponse } | { replayed: true };

/** Placing a slip (all or nothing, idempotent) and the betting history. */
@Injectable()
export class BetService {
  /** Slips that arrive while a group is being written are written together next (see GroupCommit). */
  private readonly group: GroupCommit<SlipToPlace, SlipOutcome>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BetRepository) private readonly bets: BetRepository,
    @Inject(PoolRepository) private readonly pools: PoolRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(ToteFeed) private readonly toteFeed: ToteFeed,
  ) {
    this.group = new GroupCommit((slips) => this.placeTogether(slips), {
      maxGroup: config.wagering.slipGroupMax,
      maxInFlight: config.wagering.slipGroupsInFlight,
      keyOf: (slip) => `${slip.userId}|${slip.key}`,
      onGroup: (size) => metrics.slipGroupWritten(size),
    });
  }

  /**
   * POST /api/bets, with a slip its operation's schema has checked against the bet-type rules (a
   * 400 naming bets[i].field) and a well-formed key. Checks the bets against their races' fields, then in one transaction:
   * claims the idempotency key, locks the races and refuses unless each is open by the server's
   * racing clock, inserts the bets, debits the wallet into each pool's account and adds the money to
   * the pools. A replay of the key answers the first answer; another body under it is a 422. Slips
   * that arrive together share that transaction (group commit), each still all or nothing.
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
    // writes nothing and answers the stored first answer.
    const outcome = await this.group.submit({ userId: user.userId, key, hash, checked });
    if ('response' in outcome) {
      this.toteFeed.betsPlaced(checked.map((c) => c.request.race_ids[0] as number));
      return { response: outcome.response, fresh: true };
    }
    const stored = await this.bets.findSlip(user.userId, key);
    if (!stored) throw new ConflictException({ statusCode: 409, error: 'Conflict', message: 'Retry the slip' });
    return { response: this.replay(stored, hash), fresh: false };
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

  /**
   * Writes a group of slips in one transaction: claims their keys, locks their races and writes
   * their bets (one statement), checks every slip against the locked races, adds the money to the
   * pools in (race, bet type) order (one statement), moves it from the wallets to the pools' accounts
   * (one statement) and stores each slip's answer (one statement). Any refusal rolls the whole group
   * back (GroupCommit then writes each slip alone, where the refusal is that slip's own answer).
   */
  private placeTogether(slips: readonly SlipToPlace[]): Promise<SlipOutcome[]> {
    return this.dataSource.transaction(async (manager) => {
      const newSlips: NewSlip[] = [];
      for (const slip of slips) newSlips.push({ ...slip, bets: await this.newBets(slip.checked, manager) });
      const opened = await this.bets.openSlips(manager, newSlips, this.clock.now());
      const races = new Map(opened.races.map((r) => [r.id, r]));
      const now = this.clock.now().getTime();
      const placing: { slip: SlipToPlace; slipId: number; betIds: number[] }[] = [];
      opened.slips.forEach((o, i) => {
        const slip = slips[i] as SlipToPlace;
        if (o.slipId === undefined) return;
        checkAgainstRaces(slip.checked, races, now);
        placing.push({ slip, slipId: o.slipId, betIds: o.betIds });
      });
      const responses = placing.length > 0 ? await this.pay(manager, placing) : [];
      if (responses.length > 0) await this.bets.saveSlipResponses(manager, responses);
      const bySlip = new Map(responses.map((r) => [r.slipId, r.response]));
      return opened.slips.map((o): SlipOutcome => {
        const response = o.slipId === undefined ? undefined : bySlip.get(o.slipId);
        return response ? { response } : { replayed: true };
      });
    });
  }

  /** The bets of a slip as the repository writes them (a bet type the catalog lacks is a 400). */
  private async newBets(checked: readonly CheckedBet[], manager: EntityManager): Promise<NewBet[]> {
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
    return newBets;
  }

  /**
   * Adds the slips' money to their pools (one pool per (first race, bet type), locked in that order
   * by every writer: no deadlocks) and moves it from each wallet to the pools' accounts, one transfer
   * per slip and pool. Answers each slip's response.
   */
  private async pay(
    manager: EntityManager,
    placing: readonly { slip: SlipToPlace; slipId: number; betIds: number[] }[],
  ): Promise<{ slipId: number; response: PlaceBetsResponse }[]> {
    const poolKeyOf = (bet: CheckedBet) =>
      `${String(bet.request.race_ids[0]).padStart(10, '0')}|${bet.request.bet_type}`;
    const byPool = new Map<string, CheckedBet[]>();
    for (const { slip } of placing) {
      for (const bet of slip.checked) {
        const key = poolKeyOf(bet);
        const group = byPool.get(key);
        if (group) group.push(bet);
        else byPool.set(key, [bet]);
      }
    }
    const poolKeys = [...byPool.keys()].sort();
    const entries = [];
    for (const poolKey of poolKeys) {
      const group = byPool.get(poolKey) as CheckedBet[];
      const first = (group[0] as CheckedBet).request;
      const interests: string[] = [];
      const cents: number[] = [];
      let gross = 0;
      for (const bet of group) {
        gross += bet.total_cents;
        for (const interest of bet.interests) {
          interests.push(interest);
          cents.push(bet.request.amount_cents);
        }
      }
      entries.push({
        pool: {
          race_ids: first.race_ids,
          bet_type: first.bet_type,
          bet_type_id: (await this.bets.betTypeId(first.bet_type, manager)) as number,
          takeout: takeoutFor(this.config.wagering, first.bet_type),
        },
        gross_cents: gross,
        interests,
        cents,
      });
    }
    // Finds or makes each pool, locks it and adds the money to its gross and interests in one statement.
    const pools = await this.pools.ensurePools(manager, entries);
    const poolOf = new Map(poolKeys.map((k, i) => [k, pools[i] as (typeof pools)[number]]));
    for (const [poolKey, pool] of poolOf) {
      if (pool.state !== 'open') {
        const first = (byPool.get(poolKey) as CheckedBet[])[0] as CheckedBet;
        throw new BettingClosedException(`bets[${first.index}].race_ids[0]`, pool.current_race_id);
      }
    }
    // The accounts of the pools this group made, in one statement.
    await this.ledger.openSystemAccounts(
      manager,
      pools.filter((p) => p.created).map((p) => p.account_code),
    );

    // One transfer per slip and pool, slip by slip, each slip's pools in (race, bet type) order.
    const transfers = placing.map(({ slip, betIds }) => {
      const mine = new Map<string, { cents: number; ids: number[] }>();
      slip.checked.forEach((bet, i) => {
        const entry = mine.get(poolKeyOf(bet)) ?? { cents: 0, ids: [] };
        entry.cents += bet.total_cents;
        entry.ids.push(betIds[i] as number);
        mine.set(poolKeyOf(bet), entry);
      });
      return [...mine.keys()].sort().map((poolKey) => {
        const { cents, ids } = mine.get(poolKey) as { cents: number; ids: number[] };
        return {
          from: { userId: slip.userId },
          to: { system: (poolOf.get(poolKey) as (typeof pools)[number]).account_code },
          amount_cents: cents,
          reason: 'bet',
          reference: `bets:${ids.join(',')}`.slice(0, 200),
        };
      });
    });
    const moved = await this.ledger.transferMany(manager, transfers.flat());
    let next = 0;
    return placing.map(({ slip, slipId, betIds }, s) => {
      next += (transfers[s] as unknown[]).length;
      const placed: PlacedBet[] = slip.checked.map((bet, i) => ({
        id: betIds[i] as number,
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
        idempotency_key: slip.key,
        bets: placed,
        total_cents: placed.reduce((sum, b) => sum + b.total_cents, 0),
        // The wallet after the slip's last transfer.
        balance_cents: Number((moved[next - 1] as (typeof moved)[number]).from_balance_cents),
      };
      return { slipId, response };
    });
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

/**
 * No past-posting: every race of the slip open and before its post time by the server's racing
 * clock, read with the race rows locked against the close; and no bet on a scratched runner, read
 * under the same lock (a scratch locks the race first).
 */
function checkAgainstRaces(checked: readonly CheckedBet[], races: ReadonlyMap<number, LockedRace>, now: number): void {
  for (const bet of checked) {
    bet.request.race_ids.forEach((id, leg) => {
      if (!takesBets(races.get(id), now)) throw new BettingClosedException(`bets[${bet.index}].race_ids[${leg}]`, id);
    });
  }
  const scratchedPicks = checked.flatMap((bet) => scratchedSelections(bet, races));
  if (scratchedPicks.length > 0) throw new InvalidRequestException(scratchedPicks);
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
