import { Inject, Injectable } from '@nestjs/common';
import { RacingClock } from '../common/racing-clock';
import { RaceRepository } from './race.repository';
import { RaceCardService, trackLocalDay } from './race-card.service';
import { RaceEvents } from './race-events';
import { lifecycleCutoffs, STALE_AFTER_WALL_MS } from './race-lifecycle';

/** What a scan found of one kind of gap, and what it repaired. */
export interface GapReport {
  table: string;
  check: string;
  found: number;
  fixed: number;
  note: string;
}

/**
 * Racing's part of the scan and insert (issue 21): the gaps a racing database accumulates when the
 * server was down or not racing — tracks without today's card, and races whose post has long
 * passed without their ever running — found and repaired by the same rules the scheduler applies
 * while it runs (the card made from the seed and the day; a missed race cancelled, its pools
 * refunded by wagering on the announcement). Repairing twice finds nothing the second time.
 */
@Injectable()
export class RacingMaintenance {
  constructor(
    @Inject(RaceCardService) private readonly cards: RaceCardService,
    @Inject(RaceRepository) private readonly races: RaceRepository,
    @Inject(RaceEvents) private readonly events: RaceEvents,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  /** Tracks whose card for their local today is missing or short: made. */
  async todaysCards(): Promise<GapReport> {
    const now = this.clock.nowMs();
    let found = 0;
    let fixed = 0;
    const failed: string[] = [];
    for (const track of await this.cards.tracks()) {
      const day = trackLocalDay(now, track.utc_offset_minutes);
      if (!(await this.cards.cardMissing(track, day))) continue;
      found++;
      try {
        await this.cards.ensureTrackCard(track, day);
        fixed++;
      } catch (err) {
        failed.push(`track ${track.id}: ${(err as Error).message}`);
      }
    }
    return {
      table: 'current_races',
      check: "tracks without today's card",
      found,
      fixed,
      note: failed.length > 0 ? `not made: ${failed.join('; ')}` : found > 0 ? 'made from the seed and the day' : '',
    };
  }

  /** Races whose post passed (with the scheduler's grace) and that never ran: cancelled and announced. */
  async overdueRaces(): Promise<GapReport> {
    const cut = lifecycleCutoffs(this.clock.nowMs(), 0, STALE_AFTER_WALL_MS * this.clock.scale);
    const cancelled = await this.races.cancelStale(cut.cancelPostBefore);
    if (cancelled.length > 0) await this.events.emit('race.cancelled', { race_ids: cancelled });
    return {
      table: 'current_races',
      check: 'races past their post time that never ran',
      found: cancelled.length,
      fixed: cancelled.length,
      note: cancelled.length > 0 ? 'cancelled as missed posts; their bets are refunded' : '',
    };
  }
}
