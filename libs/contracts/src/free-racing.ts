import { z } from 'zod';
import { defineOperation, idParams, isoDateTime, queryEnum } from './api';
import type { RoomJoinRefusal } from './race-events';

// Free races (spec §1, §4, §9): 6–12 boards of 7 random catalog horses whose odds n/m change at
// random intervals for 5 minutes; then anyone may start the board's race (the racing engine, seed
// committed before and revealed after), and signed-in players' free picks score points. The rules
// are the domain's free-racing.ts; boards update live in the room `free:{id}`.

/** The Socket.IO room of one free board: odds changes, the start, the race's frames and the result. */
export const freeRoom = (boardId: number): string => `free:${boardId}`;

/**
 * `odds`: the odds are changing (picks taken); `ready`: the odds window has ended, the race may be
 * started (picks still taken); `running`: the race is on; `finished`: the result is in, picks scored.
 */
export const FREE_BOARD_STATUSES = ['odds', 'ready', 'running', 'finished'] as const;
export type FreeBoardStatus = (typeof FREE_BOARD_STATUSES)[number];

export const freeHorseSchema = z
  .object({
    post: z.int().min(1).max(7),
    horse_id: z.int(),
    horse_name: z.string(),
    jockey_id: z.int().nullable(),
    jockey_name: z.string().nullable(),
    /** Fractional odds as the board shows them, '7/2'. */
    odds: z.string(),
    odds_n: z.int().min(1).max(10),
    odds_m: z.int().min(1).max(10),
    /** Points a right pick on this horse scores at these odds (round(10 × decimal odds)). */
    points: z.int(),
    /** When this horse's odds last changed. */
    odds_changed_at: isoDateTime(),
  })
  .meta({ id: 'FreeHorse' });
export type FreeHorse = z.infer<typeof freeHorseSchema>;

export const freeBoardSchema = z
  .object({
    id: z.int(),
    /** Boards made together; a new set is made when every board of the last one has finished. */
    set_id: z.int(),
    name: z.string(),
    status: z.enum(FREE_BOARD_STATUSES),
    odds_open_at: isoDateTime(),
    /** The odds stop changing here; from here the race may be started. */
    odds_close_at: isoDateTime(),
    /** SHA-256 of the race's seed (hex), published before the start. */
    seed_hash: z.string(),
    /** The seed itself, revealed once the race has finished (null before). */
    seed: z.string().nullable(),
    started_at: isoDateTime().nullable(),
    /** When the race's last frame is due (null before the start). */
    finishes_at: isoDateTime().nullable(),
    /** Post positions, winner first (null before the finish). */
    finish_order: z.array(z.int()).nullable(),
    picks: z.int(),
    horses: z.array(freeHorseSchema),
    server_time: isoDateTime(),
  })
  .meta({ id: 'FreeBoard' });
export type FreeBoard = z.infer<typeof freeBoardSchema>;

/** The reply to `free:join`: the board's full state now, or why the join was refused. */
export type FreeJoinReply = { ok: true; board: FreeBoard } | RoomJoinRefusal;

/** One 500 ms sample of a free race (the same compact shape as a paid race's frame). */
export interface FreeRaceFrame {
  /** board id */
  b: number;
  /** sample number: race time = s × 500 ms */
  s: number;
  /** progress of each runner (post order), 0 at the start, 1 at the wire */
  p: number[];
  /** speed of each runner in metres per second */
  v: number[];
  /** post positions in running order, leader first */
  l: number[];
}

export const freePickSchema = z
  .object({
    board_id: z.int(),
    board_name: z.string(),
    post: z.int(),
    horse_name: z.string(),
    /** The odds when the pick was made: they set its points. */
    odds: z.string(),
    /** Points scored: null until the race has finished, then 0 for a wrong pick. */
    points: z.int().nullable(),
    created_at: isoDateTime(),
  })
  .meta({ id: 'FreePick' });
export type FreePick = z.infer<typeof freePickSchema>;

export const freePickBodySchema = z
  .object({ post: z.int().min(1).max(7).describe('the post position of the horse picked (1–7)') })
  .strict()
  .meta({ id: 'FreePickBody' });

export const FREE_LEADER_PERIODS = ['today', 'all'] as const;
export type FreeLeaderPeriod = (typeof FREE_LEADER_PERIODS)[number];

export const freeLeaderSchema = z
  .object({
    rank: z.int(),
    username: z.string(),
    points: z.int(),
    picks: z.int(),
    wins: z.int(),
  })
  .meta({ id: 'FreeLeader' });
export type FreeLeader = z.infer<typeof freeLeaderSchema>;

export const freeLeaderBoardSchema = z
  .object({ period: z.enum(FREE_LEADER_PERIODS), items: z.array(freeLeaderSchema) })
  .meta({ id: 'FreeLeaderBoard' });
export type FreeLeaderBoard = z.infer<typeof freeLeaderBoardSchema>;

const SESSION_401 = 'not logged in, or the session ran out';

export const freeRacingApi = {
  boards: defineOperation({
    method: 'get',
    path: '/free/boards',
    tags: ['free-racing'],
    access: 'public',
    summary: 'The current set of free boards (6–12), each with its 7 horses and their odds now',
    status: 200,
    response: z.object({ items: z.array(freeBoardSchema) }).meta({ id: 'FreeBoardList' }),
  }),
  board: defineOperation({
    method: 'get',
    path: '/free/boards/{id}',
    tags: ['free-racing'],
    access: 'public',
    summary: 'One free board (what the room `free:{id}` sends)',
    params: idParams(),
    status: 200,
    response: freeBoardSchema,
    errors: { 400: 'a bad id', 404: 'no such board' },
  }),
  start: defineOperation({
    method: 'post',
    path: '/free/boards/{id}/start',
    tags: ['free-racing'],
    access: 'public',
    summary: "Start a board's race for everyone once its odds window has ended (again: the race already started)",
    params: idParams(),
    status: 200,
    response: freeBoardSchema,
    errors: { 400: 'a bad id', 404: 'no such board', 409: 'the odds window has not ended yet (reason `odds_open`)' },
  }),
  pick: defineOperation({
    method: 'post',
    path: '/free/boards/{id}/picks',
    tags: ['free-racing'],
    access: 'session',
    summary: 'Pick a horse on a board for free (one pick a board; picking again changes it until the start)',
    params: idParams(),
    body: freePickBodySchema,
    status: 200,
    response: freePickSchema,
    errors: {
      400: 'a field is missing or wrong (each named)',
      401: SESSION_401,
      404: 'no such board',
      409: 'the race has started (reason `race_started`)',
    },
  }),
  myPicks: defineOperation({
    method: 'get',
    path: '/free/picks',
    tags: ['free-racing'],
    access: 'session',
    summary: "The user's own free picks, newest first (at most 100)",
    status: 200,
    response: z.object({ items: z.array(freePickSchema) }).meta({ id: 'FreePickList' }),
    errors: { 401: SESSION_401 },
  }),
  leaderBoard: defineOperation({
    method: 'get',
    path: '/free/leader-board',
    tags: ['free-racing'],
    access: 'public',
    summary: "Players ranked by free-race points, today's (UTC) or all time (top 50)",
    query: z.object({ period: queryEnum(FREE_LEADER_PERIODS, 'today') }),
    status: 200,
    response: freeLeaderBoardSchema,
    errors: { 400: 'a bad period' },
  }),
} as const;
