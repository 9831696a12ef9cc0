import { createHash } from 'node:crypto';
import type { FreeBoard, FreeLeaderBoard, FreeLeaderPeriod, FreePick } from '@furlong/contracts';
import {
  FREE_BOARD_RUNNERS,
  FREE_ODDS_WINDOW_MS,
  formatFreeOdds,
  freeBoardCount,
  freeOddsTick,
  freePickPoints,
  freeRaceInput,
  nextOddsTickAt,
  RACE_SAMPLE_MS,
  type SimulatedRace,
  simulateRace,
} from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { UserDirectory } from '../accounts/user-directory';
import { HorseRegistry } from '../catalog/horse-registry';
import { notFound, refusal } from '../common/api-error';
import { Clock } from '../common/clock';
import { Randomness } from '../common/randomness';
import type { FreeBoardHorse } from './entities/free-board.entity';
import { type FreeBoardRecord, FreeBoardRepository, type FreePickRecord } from './free-board.repository';

/** A board nobody starts starts itself this long after its odds closed, so that the set can be renewed. */
export const FREE_AUTO_START_MS = 10 * 60_000;
const LEADERS = 50;

export const seedHash = (seed: string): string => createHash('sha256').update(seed).digest('hex');

/** The race of a board: the engine run on its seed and horses (the same on every call). */
export function freeRaceOf(board: Pick<FreeBoardRecord, 'seed' | 'horses'>): SimulatedRace {
  return simulateRace(freeRaceInput(board.seed, board.horses));
}

/** What a tick did: the board after it and the time of the horse's next refresh (null: none). */
export interface FreeTickOutcome {
  board: FreeBoard;
  nextAtMs: number | null;
}

/**
 * Free races (spec §1, §4, §9): sets of 6–12 boards of 7 catalog horses whose odds change at their
 * own random intervals for 5 minutes; the race, started by anyone once the odds have closed, is the
 * racing engine run on the board's seed (committed by its hash, revealed at the finish); free picks
 * score points by the odds taken (domain freePickPoints). Every change of a board locks its row.
 */
@Injectable()
export class FreeRacingService {
  constructor(
    @Inject(FreeBoardRepository) private readonly repository: FreeBoardRepository,
    @Inject(HorseRegistry) private readonly registry: HorseRegistry,
    @Inject(UserDirectory) private readonly users: UserDirectory,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Randomness) private readonly random: Randomness,
  ) {}

  view(b: FreeBoardRecord): FreeBoard {
    const now = this.clock.now();
    const ready = b.status === 'odds' && now.getTime() >= new Date(b.odds_close_at).getTime();
    return {
      id: b.id,
      set_id: b.set_id,
      name: `Free Race ${b.board_no}`,
      status: ready ? 'ready' : b.status,
      odds_open_at: new Date(b.odds_open_at).toISOString(),
      odds_close_at: new Date(b.odds_close_at).toISOString(),
      seed_hash: b.seed_hash,
      seed: b.status === 'finished' ? b.seed : null,
      started_at: b.started_at ? new Date(b.started_at).toISOString() : null,
      finishes_at: b.finishes_at ? new Date(b.finishes_at).toISOString() : null,
      finish_order: b.finish_order,
      picks: b.picks,
      horses: b.horses.map((h) => ({
        post: h.post,
        horse_id: h.horse_id,
        horse_name: h.horse_name,
        jockey_id: h.jockey_id,
        jockey_name: h.jockey_name,
        odds: formatFreeOdds({ n: h.odds_n, m: h.odds_m }),
        odds_n: h.odds_n,
        odds_m: h.odds_m,
        points: freePickPoints({ n: h.odds_n, m: h.odds_m }),
        odds_changed_at: new Date(h.odds_changed_at_ms).toISOString(),
      })),
      server_time: now.toISOString(),
    };
  }

  /** The newest set's boards (empty until the first set is made). */
  async boards(): Promise<{ items: FreeBoard[] }> {
    const setId = await this.repository.latestSetId();
    if (setId === null) return { items: [] };
    return { items: (await this.repository.boardsOfSet(setId)).map((b) => this.view(b)) };
  }

  async board(id: number): Promise<FreeBoard> {
    const b = await this.repository.board(id);
    if (!b) throw notFound('Free board', id);
    return this.view(b);
  }

  /** The board's state for its room (undefined: no such board). */
  async stateForRoom(id: number): Promise<FreeBoard | undefined> {
    const b = await this.repository.board(id);
    return b ? this.view(b) : undefined;
  }

  /**
   * Makes a new set when there is none or every board of the last one has finished (once, however
   * many instances ask together): 6–12 boards of 7 distinct catalog horses each, fewer when the
   * catalog is small. Returns the new boards (none when no set was due).
   */
  async makeSetIfDue(): Promise<FreeBoardRecord[]> {
    return this.repository.transaction(async (m) => {
      await this.repository.lockSets(m);
      const last = await this.repository.latestSetId(m);
      if (last !== null) {
        const boards = await this.repository.boardsOfSet(last, m);
        if (boards.some((b) => b.status !== 'finished')) return [];
      }
      const wanted = freeBoardCount(this.random.hex(16));
      // Through the transaction's connection: the embedded PGlite has only one.
      const drawn = await this.registry.randomHorses(wanted * FREE_BOARD_RUNNERS, m);
      const count = Math.min(wanted, Math.floor(drawn.length / FREE_BOARD_RUNNERS));
      if (count === 0) return [];
      const used = drawn.slice(0, count * FREE_BOARD_RUNNERS);
      const [horseNames, jockeyNames] = await Promise.all([
        this.registry.names(
          'horses',
          used.map((h) => h.id),
          m,
        ),
        this.registry.names(
          'jockeys',
          used.flatMap((h) => (h.jockey_id ? [h.jockey_id] : [])),
          m,
        ),
      ]);
      const open = this.clock.now();
      const openMs = open.getTime();
      const closeMs = openMs + FREE_ODDS_WINDOW_MS;
      const boards = Array.from({ length: count }, (_, i) => {
        const seed = this.random.hex(32);
        const horses: FreeBoardHorse[] = used
          .slice(i * FREE_BOARD_RUNNERS, (i + 1) * FREE_BOARD_RUNNERS)
          .map((h, j) => {
            const post = j + 1;
            const first = freeOddsTick(seed, post, 0);
            return {
              post,
              horse_id: h.id,
              horse_name: horseNames.get(h.id) ?? `Horse ${h.id}`,
              jockey_id: h.jockey_id,
              jockey_name: h.jockey_id ? (jockeyNames.get(h.jockey_id) ?? null) : null,
              odds_n: first.odds.n,
              odds_m: first.odds.m,
              tick: 0,
              odds_changed_at_ms: openMs,
              next_tick_at_ms: nextOddsTickAt(openMs, first.next_in_ms, closeMs),
            };
          });
        return {
          board_no: i + 1,
          horses,
          odds_open_at: open,
          odds_close_at: new Date(closeMs),
          seed,
          seed_hash: seedHash(seed),
        };
      });
      return this.repository.insertSet(m, boards);
    });
  }

  /**
   * A horse's odds refresh due at `dueAtMs`: applied only when that is still the horse's next
   * refresh (so a tick run twice, or a stale one, changes nothing) and the board is still taking
   * odds. Returns the board and the horse's next refresh, or undefined when nothing was applied.
   */
  async tick(boardId: number, post: number, dueAtMs: number): Promise<FreeTickOutcome | undefined> {
    return this.repository.transaction(async (m) => {
      const b = await this.repository.lockBoard(m, boardId);
      if (b?.status !== 'odds') return undefined;
      const horse = b.horses.find((h) => h.post === post);
      if (!horse || horse.next_tick_at_ms === null || horse.next_tick_at_ms !== dueAtMs) return undefined;
      const tick = horse.tick + 1;
      const drawn = freeOddsTick(b.seed, post, tick);
      const closeMs = new Date(b.odds_close_at).getTime();
      const next = nextOddsTickAt(dueAtMs, drawn.next_in_ms, closeMs);
      const horses = b.horses.map((h) =>
        h.post === post
          ? {
              ...h,
              odds_n: drawn.odds.n,
              odds_m: drawn.odds.m,
              tick,
              odds_changed_at_ms: this.clock.now().getTime(),
              next_tick_at_ms: next,
            }
          : h,
      );
      await this.repository.saveHorses(m, boardId, horses);
      return { board: this.view({ ...b, horses }), nextAtMs: next };
    });
  }

  /**
   * Starts the board's race for everyone, once its odds window has ended (the server's clock).
   * Starting a race already started answers the board as it is (`started` false).
   */
  async start(boardId: number): Promise<{ board: FreeBoard; started: boolean; race?: SimulatedRace }> {
    return this.repository.transaction(async (m) => {
      const b = await this.repository.lockBoard(m, boardId);
      if (!b) throw notFound('Free board', boardId);
      if (b.status !== 'odds') return { board: this.view(b), started: false };
      const now = this.clock.now();
      if (now.getTime() < new Date(b.odds_close_at).getTime()) {
        throw refusal(
          `The odds are still changing: the race can start at ${new Date(b.odds_close_at).toISOString()}.`,
          'odds_open',
        );
      }
      const race = freeRaceOf(b);
      const finishesAt = new Date(now.getTime() + (race.samples.length - 1) * RACE_SAMPLE_MS);
      const horses = b.horses.map((h) => ({ ...h, next_tick_at_ms: null }));
      await this.repository.markStarted(m, boardId, now, finishesAt, horses);
      const started: FreeBoardRecord = { ...b, horses, status: 'running', started_at: now, finishes_at: finishesAt };
      return { board: this.view(started), started: true, race };
    });
  }

  /**
   * The finish of a board's race once its last frame is due: the result written, the seed revealed
   * and every pick scored, in one transaction that finds nothing to do a second time.
   */
  async finish(boardId: number): Promise<FreeBoard | undefined> {
    return this.repository.transaction(async (m) => {
      const b = await this.repository.lockBoard(m, boardId);
      if (b?.status !== 'running' || !b.finishes_at) return undefined;
      const now = this.clock.now();
      if (now.getTime() < new Date(b.finishes_at).getTime()) return undefined;
      const order = freeRaceOf(b).finish_order;
      const winner = order[0];
      const picks = await this.repository.unsettledPicks(m, boardId);
      await this.repository.scorePicks(
        m,
        picks.map((p) => ({ id: p.id, points: p.post === winner ? freePickPoints({ n: p.odds_n, m: p.odds_m }) : 0 })),
        now,
      );
      await this.repository.markFinished(m, boardId, order);
      return this.view({ ...b, status: 'finished', finish_order: order });
    });
  }

  /** A signed-in player's free pick on a board, at the horse's odds now; changed freely until the start. */
  async pick(user: AuthenticatedUser, boardId: number, post: number): Promise<FreePick> {
    return this.repository.transaction(async (m) => {
      const b = await this.repository.lockBoard(m, boardId);
      if (!b) throw notFound('Free board', boardId);
      if (b.status !== 'odds') throw refusal('The race has started: picks are closed.', 'race_started');
      const horse = b.horses.find((h) => h.post === post);
      if (!horse) throw notFound('Post', post);
      await this.repository.upsertPick(m, boardId, user.userId, post, horse.odds_n, horse.odds_m);
      const row = await this.repository.pickOf(boardId, user.userId, m);
      if (!row) throw new Error('free pick not read back');
      return this.pickView(row);
    });
  }

  async myPicks(user: AuthenticatedUser): Promise<{ items: FreePick[] }> {
    return { items: (await this.repository.picksOf(user.userId)).map((p) => this.pickView(p)) };
  }

  /** Players ranked by points: today's (since midnight UTC of the server's clock) or all time. */
  async leaderBoard(period: FreeLeaderPeriod): Promise<FreeLeaderBoard> {
    const now = this.clock.now();
    const since =
      period === 'today' ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())) : null;
    const rows = await this.repository.leaders(since, LEADERS);
    const names = await this.users.usernames(rows.map((r) => r.user_id));
    let rank = 0;
    return {
      period,
      items: rows.map((r, i) => {
        // Equal points (and wins) share a rank: 1, 1, 3.
        const prev = rows[i - 1];
        if (!prev || prev.points !== r.points || prev.wins !== r.wins) rank = i + 1;
        return {
          rank,
          username: names.get(r.user_id) ?? `Player ${r.user_id}`,
          points: r.points,
          picks: r.picks,
          wins: r.wins,
        };
      }),
    };
  }

  private pickView(p: FreePickRecord): FreePick {
    const horse = p.horses.find((h) => h.post === p.post);
    return {
      board_id: p.board_id,
      board_name: `Free Race ${p.board_no}`,
      post: p.post,
      horse_name: horse?.horse_name ?? `Post ${p.post}`,
      odds: formatFreeOdds({ n: p.odds_n, m: p.odds_m }),
      points: p.points,
      created_at: new Date(p.created_at).toISOString(),
    };
  }
}
