import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { FreeBoardHorse } from './entities/free-board.entity';

/** A board as read from free_boards, with its number of picks. */
export interface FreeBoardRecord {
  id: number;
  set_id: number;
  board_no: number;
  horses: FreeBoardHorse[];
  odds_open_at: Date;
  odds_close_at: Date;
  seed: string;
  seed_hash: string;
  status: 'odds' | 'running' | 'finished';
  started_at: Date | null;
  finishes_at: Date | null;
  finish_order: number[] | null;
  picks: number;
}

export interface NewFreeBoard {
  board_no: number;
  horses: FreeBoardHorse[];
  odds_open_at: Date;
  odds_close_at: Date;
  seed: string;
  seed_hash: string;
}

export interface FreePickRecord {
  id: number;
  board_id: number;
  board_no: number;
  user_id: number;
  post: number;
  odds_n: number;
  odds_m: number;
  points: number | null;
  created_at: Date;
  horses: FreeBoardHorse[];
}

export interface FreeLeaderRecord {
  user_id: number;
  points: number;
  picks: number;
  wins: number;
}

const BOARD_COLUMNS = `b.id, b.set_id, b.board_no, b.horses, b.odds_open_at, b.odds_close_at, b.seed, b.seed_hash, b.status,
  b.started_at, b.finishes_at, b.finish_order,
  (SELECT count(*)::int FROM free_picks p WHERE p.board_id = b.id) AS picks`;

/** The free racing module's tables: free_boards and free_picks. */
@Injectable()
export class FreeBoardRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** The newest set's id, or null when none was made yet. */
  async latestSetId(m: EntityManager | DataSource = this.dataSource): Promise<number | null> {
    const [row]: { set_id: number | null }[] = await m.query('SELECT max(set_id) AS set_id FROM free_boards');
    return row?.set_id ?? null;
  }

  /** The boards of a set, by number. */
  boardsOfSet(setId: number, m: EntityManager | DataSource = this.dataSource): Promise<FreeBoardRecord[]> {
    return m.query(`SELECT ${BOARD_COLUMNS} FROM free_boards b WHERE b.set_id = $1 ORDER BY b.board_no`, [setId]);
  }

  async board(id: number, m: EntityManager | DataSource = this.dataSource): Promise<FreeBoardRecord | undefined> {
    const [row]: FreeBoardRecord[] = await m.query(`SELECT ${BOARD_COLUMNS} FROM free_boards b WHERE b.id = $1`, [id]);
    return row;
  }

  /** Locks a board's row for the rest of the transaction (every change of a board takes it first). */
  async lockBoard(m: EntityManager, id: number): Promise<FreeBoardRecord | undefined> {
    const [row]: { id: number }[] = await m.query('SELECT id FROM free_boards WHERE id = $1 FOR UPDATE', [id]);
    return row ? this.board(id, m) : undefined;
  }

  /** Writes a new set (the caller holds lockSets). */
  async insertSet(m: EntityManager, boards: readonly NewFreeBoard[]): Promise<FreeBoardRecord[]> {
    const setId = ((await this.latestSetId(m)) ?? 0) + 1;
    for (const b of boards) {
      await m.query(
        `INSERT INTO free_boards (set_id, board_no, horses, odds_open_at, odds_close_at, seed, seed_hash)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7)`,
        [setId, b.board_no, JSON.stringify(b.horses), b.odds_open_at, b.odds_close_at, b.seed, b.seed_hash],
      );
    }
    return this.boardsOfSet(setId, m);
  }

  /** Serialises set making between instances for the transaction. */
  async lockSets(m: EntityManager): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('free_boards:set'))`);
  }

  async saveHorses(m: EntityManager, id: number, horses: readonly FreeBoardHorse[]): Promise<void> {
    await m.query('UPDATE free_boards SET horses = $2::jsonb WHERE id = $1', [id, JSON.stringify(horses)]);
  }

  async markStarted(m: EntityManager, id: number, startedAt: Date, finishesAt: Date, horses: FreeBoardHorse[]) {
    await m.query(
      `UPDATE free_boards SET status = 'running', started_at = $2, finishes_at = $3, horses = $4::jsonb WHERE id = $1`,
      [id, startedAt, finishesAt, JSON.stringify(horses)],
    );
  }

  async markFinished(m: EntityManager, id: number, finishOrder: readonly number[]): Promise<void> {
    await m.query(`UPDATE free_boards SET status = 'finished', finish_order = $2::int[] WHERE id = $1`, [
      id,
      finishOrder,
    ]);
  }

  /** Boards whose horses have a refresh overdue by `graceMs` (a job lost with a worker). */
  async overdueTicks(nowMs: number, graceMs: number): Promise<{ board_id: number; post: number; due_at_ms: number }[]> {
    return this.dataSource.query(
      `SELECT b.id AS board_id, (h->>'post')::int AS post, (h->>'next_tick_at_ms')::float8 AS due_at_ms
         FROM free_boards b, jsonb_array_elements(b.horses) h
        WHERE b.status = 'odds' AND h->>'next_tick_at_ms' IS NOT NULL AND (h->>'next_tick_at_ms')::float8 <= $1`,
      [nowMs - graceMs],
    );
  }

  /** Running boards whose race is due to have finished. */
  async dueFinishes(now: Date): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM free_boards WHERE status = 'running' AND finishes_at <= $1 ORDER BY id`,
      [now],
    );
    return rows.map((r) => r.id);
  }

  /** Boards of a set still waiting for a start whose odds closed before `before`. */
  async idleBoards(setId: number, before: Date): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM free_boards WHERE set_id = $1 AND status = 'odds' AND odds_close_at <= $2 ORDER BY id`,
      [setId, before],
    );
    return rows.map((r) => r.id);
  }

  /** Makes or changes the user's pick on a board (the caller holds the board's lock). */
  async upsertPick(m: EntityManager, boardId: number, userId: number, post: number, n: number, d: number) {
    const [row]: { id: number; created_at: Date }[] = await m.query(
      `INSERT INTO free_picks (board_id, user_id, post, odds_n, odds_m) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (board_id, user_id) DO UPDATE SET post = EXCLUDED.post, odds_n = EXCLUDED.odds_n,
         odds_m = EXCLUDED.odds_m, created_at = now()
       RETURNING id, created_at`,
      [boardId, userId, post, n, d],
    );
    if (!row) throw new Error('free pick not written');
    return row;
  }

  /** The board's picks not yet scored. */
  unsettledPicks(
    m: EntityManager,
    boardId: number,
  ): Promise<{ id: number; post: number; odds_n: number; odds_m: number }[]> {
    return m.query('SELECT id, post, odds_n, odds_m FROM free_picks WHERE board_id = $1 AND points IS NULL', [boardId]);
  }

  async scorePicks(m: EntityManager, scores: readonly { id: number; points: number }[], at: Date): Promise<void> {
    if (scores.length === 0) return;
    await m.query(
      `UPDATE free_picks p SET points = s.points, settled_at = $3
         FROM unnest($1::int[], $2::int[]) AS s(id, points)
        WHERE p.id = s.id AND p.points IS NULL`,
      [scores.map((s) => s.id), scores.map((s) => s.points), at],
    );
  }

  picksOf(userId: number): Promise<FreePickRecord[]> {
    return this.dataSource.query(
      `SELECT p.id, p.board_id, b.board_no, p.user_id, p.post, p.odds_n, p.odds_m, p.points, p.created_at, b.horses
         FROM free_picks p JOIN free_boards b ON b.id = p.board_id
        WHERE p.user_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT 100`,
      [userId],
    );
  }

  async pickOf(boardId: number, userId: number, m: EntityManager | DataSource = this.dataSource) {
    const [row]: FreePickRecord[] = await m.query(
      `SELECT p.id, p.board_id, b.board_no, p.user_id, p.post, p.odds_n, p.odds_m, p.points, p.created_at, b.horses
         FROM free_picks p JOIN free_boards b ON b.id = p.board_id
        WHERE p.board_id = $1 AND p.user_id = $2`,
      [boardId, userId],
    );
    return row;
  }

  /** Players by points scored since `since` (all time when null), top `limit`. */
  leaders(since: Date | null, limit: number): Promise<FreeLeaderRecord[]> {
    return this.dataSource.query(
      `SELECT user_id, sum(points)::int AS points, count(*)::int AS picks, count(*) FILTER (WHERE points > 0)::int AS wins
         FROM free_picks
        WHERE points IS NOT NULL AND ($1::timestamptz IS NULL OR settled_at >= $1)
        GROUP BY user_id
        ORDER BY points DESC, wins DESC, user_id
        LIMIT $2`,
      [since, limit],
    );
  }
}
