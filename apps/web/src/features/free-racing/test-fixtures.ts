import type { FreeBoard, FreeHorse, FreeJoinReply, FreeLeaderBoard } from '@furlong/contracts';
import { FakeSocket } from '../../../test/fake-socket';

// Test data for the free-racing web tests: one builder per thing the free-racing API answers.

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export function makeFreeHorse(post: number, patch: Partial<FreeHorse> = {}): FreeHorse {
  return {
    post,
    horse_id: 200 + post,
    horse_name: `Free Runner ${post}`,
    jockey_id: 30 + post,
    jockey_name: `Rider ${post}`,
    odds: `${post}/2`,
    odds_n: post,
    odds_m: 2,
    points: Math.round(10 * (post / 2 + 1)),
    odds_changed_at: inMinutes(-1),
    ...patch,
  };
}

export function makeFreeBoard(id: number, patch: Partial<FreeBoard> = {}): FreeBoard {
  return {
    id,
    set_id: 1,
    name: `Free Race ${id}`,
    status: 'odds',
    odds_open_at: inMinutes(-2),
    odds_close_at: inMinutes(3),
    seed_hash: 'a'.repeat(64),
    seed: null,
    started_at: null,
    finishes_at: null,
    finish_order: null,
    picks: 0,
    horses: [1, 2, 3, 4, 5, 6, 7].map((post) => makeFreeHorse(post)),
    server_time: new Date().toISOString(),
    ...patch,
  };
}

export function makeLeaders(patch: Partial<FreeLeaderBoard> = {}): FreeLeaderBoard {
  return {
    period: 'today',
    items: [
      { rank: 1, username: 'longshot', points: 110, picks: 2, wins: 1 },
      { rank: 2, username: 'Test member', points: 20, picks: 3, wins: 1 },
    ],
    ...patch,
  };
}

/** The tab's socket in free-racing page tests: free:join answers with the board's state. */
export class FakeFreeSocket extends FakeSocket {
  constructor(board?: (id: number) => FreeBoard) {
    super();
    if (board) this.replies.set('free:join', (id): FreeJoinReply => ({ ok: true, board: board(id as number) }));
  }

  joins(): number[] {
    return this.argsOf('free:join') as number[];
  }
}
