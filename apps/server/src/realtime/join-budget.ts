/** What one socket may join. */
export interface JoinLimits {
  /** Race rooms a socket is in at once; joining one more leaves its oldest. */
  raceRooms: number;
  /** Tote rooms a socket is in at once; joining one more leaves its oldest. */
  toteRooms: number;
  /** Auction lot rooms a socket is in at once (a bidder's page watches several lots); one more leaves its oldest. */
  lotRooms: number;
  /** Free board rooms a socket is in at once (a tote board watches every board of a set); one more leaves its oldest. */
  freeRooms: number;
  /** Joins (race, tote and lot together) a socket may make back to back. */
  burst: number;
  /** Joins a second it gets back after that. */
  perSecond: number;
  /** Refused joins in a row (none admitted in between) after which the socket is cut off. */
  floodRefusals: number;
}

// The web client is in one race room (race screen or leaderboard) and one tote room (race card,
// odds or payouts page) at a time, and joins again after a reconnect: 4 of each leaves room for a
// few races side by side. A person clicking from race to race makes one or two joins a page.
export const JOIN_LIMITS: JoinLimits = {
  raceRooms: 4,
  toteRooms: 4,
  lotRooms: 12,
  freeRooms: 12,
  burst: 10,
  perSecond: 2,
  floodRefusals: 20,
};

export type JoinVerdict = 'admitted' | 'refused' | 'flood';

/**
 * One socket's join allowance: a token bucket (`burst` tokens, `perSecond` back) and a count of
 * refusals in a row. Time is passed in (ms), so it runs without timers;
 * a clock that steps back gives nothing back.
 */
export class JoinBudget {
  private tokens: number;
  private refusedInARow = 0;

  constructor(
    private readonly limits: Pick<JoinLimits, 'burst' | 'perSecond' | 'floodRefusals'>,
    private at: number,
  ) {
    this.tokens = limits.burst;
  }

  /** Takes a token for one join: admitted, refused (over the rate), or flood (refused too often: cut it off). */
  take(nowMs: number): JoinVerdict {
    const elapsed = Math.max(0, nowMs - this.at);
    this.tokens = Math.min(this.limits.burst, this.tokens + (elapsed * this.limits.perSecond) / 1000);
    this.at = Math.max(this.at, nowMs);
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.refusedInARow = 0;
      return 'admitted';
    }
    this.refusedInARow += 1;
    return this.refusedInARow >= this.limits.floodRefusals ? 'flood' : 'refused';
  }
}
