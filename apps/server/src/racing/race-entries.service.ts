import { extraRace, MAX_RUNNERS, MIN_RUNNERS, type PlannedRunner } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { trackSql } from '../catalog/catalog-joins.sql';
import { DayCardSources } from '../catalog/day-card-sources';
import { notFound, refusal } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DayCardRepository } from './day-card.repository';
import { cardRunnerTerms, trackLocalDay } from './race-card.service';

/** Entries close this long before betting opens (the opening fixes the field with the seed). */
const ENTRIES_CLOSE_BEFORE_OPENING_MS = 60_000;

/** A race that takes entries, as the stable lists it. */
export interface EnterableRaceRow {
  id: number;
  track_id: number;
  track_name: string;
  race_number: number;
  race_title: string;
  post_time: Date;
  entries_close_at: Date;
  furlongs: number;
  surface_type: string;
  track_condition: string;
  purse_cents: number;
  runners: number;
}

/** A race as an entry shows it. */
export interface RaceBrief {
  id: number;
  track_name: string;
  race_number: number;
  post_time: Date;
  status: string;
  furlongs: number;
}

/**
 * Entries made after the card (the stable's horses): racing owns current_races and their entries,
 * so the stable asks here. An entry goes into a scheduled race until a minute before betting opens,
 * takes the lowest free post, and the race's morning line is made again over the new field (no bet
 * has seen it: betting has not opened).
 */
@Injectable()
export class RaceEntries {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DayCardSources) private readonly sources: DayCardSources,
    @Inject(DayCardRepository) private readonly cards: DayCardRepository,
  ) {}

  private get closeLeadMs(): number {
    return this.config.racing.openLeadMinutes * 60_000 + ENTRIES_CLOSE_BEFORE_OPENING_MS;
  }

  /** When entries to a race with this post time close (racing clock). */
  entriesCloseAt(postTime: Date): Date {
    return new Date(postTime.getTime() - this.closeLeadMs);
  }

  /** Scheduled races whose entries are still open and that have a free slot, by post time (at most 200). */
  async enterable(trackId?: number): Promise<EnterableRaceRow[]> {
    const closesAfter = new Date(this.clock.nowMs() + this.closeLeadMs);
    const rows: (Omit<EnterableRaceRow, 'entries_close_at'> & { runners: number })[] = await this.dataSource.query(
      `SELECT cr.id, cr.track_id, t.track_name, cr.race_number, cr.race_title, cr.post_time, cr.furlongs::float8 AS furlongs,
              cr.surface_type, cr.track_condition, cr.purse_cents::float8 AS purse_cents,
              (SELECT count(*)::int FROM current_race_entries e
                WHERE e.current_race_id = cr.id AND e.scratched_at IS NULL) AS runners
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.status = 'scheduled' AND cr.post_time > $1 AND ($2::int IS NULL OR cr.track_id = $2)
        ORDER BY cr.post_time, cr.id
        LIMIT 400`,
      [closesAfter, trackId ?? null],
    );
    return rows
      .filter((r) => r.runners < MAX_RUNNERS)
      .slice(0, 200)
      .map((r) => ({
        ...r,
        post_time: new Date(r.post_time),
        entries_close_at: this.entriesCloseAt(new Date(r.post_time)),
      }));
  }

  /**
   * Enters a horse with a rider in a race, in the caller's transaction: the race row is locked, so
   * two entries (or an entry and the opening) follow one another. 404 for an unknown race, 409 when
   * the race does not take entries, is full, or has the horse already.
   */
  async enter(
    manager: EntityManager,
    entry: { race_id: number; horse_id: number; jockey_id: number },
  ): Promise<{ post_position: number; race: RaceBrief }> {
    const race = await this.lockRace(manager, entry.race_id);
    const postTime = new Date(race.post_time);
    if (race.status !== 'scheduled' || this.entriesCloseAt(postTime).getTime() <= this.clock.nowMs()) {
      throw refusal(
        `Race ${race.race_number} at ${race.track_name} no longer takes entries: they close a minute before betting opens.`,
        'entries_closed',
      );
    }
    const field: { post_position: number; horse_id: number; jockey_id: number; scratched: boolean }[] =
      await manager.query(
        `SELECT post_position, horse_id, jockey_id, scratched_at IS NOT NULL AS scratched
           FROM current_race_entries WHERE current_race_id = $1 ORDER BY post_position`,
        [entry.race_id],
      );
    if (field.some((e) => e.horse_id === entry.horse_id)) {
      throw refusal('The horse is already in this race.', 'already_entered');
    }
    const taken = new Set(field.map((e) => e.post_position));
    const starters = field.filter((e) => !e.scratched);
    const post = Array.from({ length: MAX_RUNNERS }, (_, i) => i + 1).find((p) => !taken.has(p));
    if (starters.length >= MAX_RUNNERS || post === undefined) {
      throw refusal(`Race ${race.race_number} at ${race.track_name} is full (${MAX_RUNNERS} runners).`, 'race_full');
    }
    // The whole field's line and weights again, from their form now (the new runner changes every share).
    const runners = [...field, { post_position: post, horse_id: entry.horse_id, jockey_id: entry.jockey_id }].sort(
      (a, b) => a.post_position - b.post_position,
    );
    const terms = await this.fieldTerms(manager, race.race_date, runners);
    const mine = terms[runners.findIndex((r) => r.post_position === post)];
    if (!mine) throw new Error(`race ${entry.race_id}: no terms for the new runner`);
    await manager.query(
      `INSERT INTO current_race_entries (current_race_id, post_position, horse_id, jockey_id, morning_line_score,
                                         morning_line_odds, weight_lbs)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        entry.race_id,
        post,
        entry.horse_id,
        entry.jockey_id,
        mine.morning_line_score,
        mine.morning_line_odds,
        mine.weight_lbs,
      ],
    );
    await this.writeTerms(manager, entry.race_id, runners, terms);
    await manager.query('UPDATE current_races SET num_horses = $2 WHERE id = $1', [entry.race_id, starters.length + 1]);
    return { post_position: post, race: { ...race, post_time: postTime } };
  }

  /** The race locked for the caller's transaction (entries and the opening follow one another); 404 if unknown. */
  private async lockRace(manager: EntityManager, raceId: number): Promise<RaceBrief & { race_date: string }> {
    const [race]: (RaceBrief & { race_date: string })[] = await manager.query(
      `SELECT cr.id, t.track_name, cr.race_number, cr.post_time, cr.status, cr.furlongs::float8 AS furlongs,
              cr.race_date::text AS race_date
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.id = $1
          FOR UPDATE OF cr`,
      [raceId],
    );
    if (!race) throw notFound('Race', raceId);
    return race;
  }

  private async fieldTerms(
    manager: EntityManager,
    raceDate: string,
    runners: readonly { post_position: number; horse_id: number; jockey_id: number }[],
  ) {
    return cardRunnerTerms(raceDate, await this.sources.runnerFacts(manager, runners));
  }

  private async writeTerms(
    manager: EntityManager,
    raceId: number,
    runners: readonly { post_position: number }[],
    terms: readonly { morning_line_score: number; morning_line_odds: number; weight_lbs: number }[],
  ): Promise<void> {
    await manager.query(
      `UPDATE current_race_entries e
          SET morning_line_score = u.score, morning_line_odds = u.odds, weight_lbs = u.weight
         FROM unnest($2::smallint[], $3::float8[], $4::numeric[], $5::smallint[]) AS u(post, score, odds, weight)
        WHERE e.current_race_id = $1 AND e.post_position = u.post`,
      [
        raceId,
        runners.map((r) => r.post_position),
        terms.map((t) => t.morning_line_score),
        terms.map((t) => t.morning_line_odds),
        terms.map((t) => t.weight_lbs),
      ],
    );
  }

  /**
   * Takes a horse out of a race that has not opened (its owner withdrew it, or the vet found it
   * unfit), in the caller's transaction; the field's line is made again. 409 once betting has
   * opened (a scratch then is the stewards', with refunds), or when it would leave fewer than six.
   */
  async withdraw(manager: EntityManager, entry: { race_id: number; horse_id: number }): Promise<RaceBrief> {
    const race = await this.lockRace(manager, entry.race_id);
    if (race.status !== 'scheduled') {
      throw refusal(`Race ${race.race_number} at ${race.track_name} has opened: its field is fixed.`, 'race_opened');
    }
    const field: { post_position: number; horse_id: number; jockey_id: number }[] = await manager.query(
      `SELECT post_position, horse_id, jockey_id FROM current_race_entries
        WHERE current_race_id = $1 AND scratched_at IS NULL ORDER BY post_position`,
      [entry.race_id],
    );
    const left = field.filter((e) => e.horse_id !== entry.horse_id);
    if (left.length === field.length) return { ...race, post_time: new Date(race.post_time) };
    if (left.length < MIN_RUNNERS) {
      throw refusal(
        `Without it race ${race.race_number} would have fewer than ${MIN_RUNNERS} runners.`,
        'field_too_small',
      );
    }
    await manager.query('DELETE FROM current_race_entries WHERE current_race_id = $1 AND horse_id = $2', [
      entry.race_id,
      entry.horse_id,
    ]);
    await this.writeTerms(manager, entry.race_id, left, await this.fieldTerms(manager, race.race_date, left));
    await manager.query('UPDATE current_races SET num_horses = $2 WHERE id = $1', [entry.race_id, left.length]);
    return { ...race, post_time: new Date(race.post_time) };
  }

  /**
   * A new race on a track's day at `postTime` (racing clock) with this field, beside the day's card
   * (the next race number). 404 for an unknown track; 409 when the post time is less than ten
   * minutes ahead, the day has 13 races, or a horse already runs that day.
   */
  async addRace(
    trackId: number,
    postTime: Date,
    runners: readonly PlannedRunner[],
  ): Promise<{ id: number; race_number: number }> {
    const track = await this.cards.findTrack(trackId);
    if (!track) throw notFound('Track', trackId);
    if (postTime.getTime() < this.clock.nowMs() + 10 * 60_000) {
      throw refusal('The post time must be at least ten minutes ahead (racing clock).', 'post_time_too_soon');
    }
    const date = trackLocalDay(postTime, track.utc_offset_minutes ?? 0);
    const added = await this.cards.addRace(
      track,
      date,
      (raceNumber) => extraRace({ track, date, raceNumber, postTime, runners }),
      (_race, facts) => cardRunnerTerms(date, facts),
      runners.map((r) => r.horse_id),
    );
    if (!added) throw refusal(`${track.track_name} already runs 13 races on ${date}.`, 'card_full');
    return added;
  }

  /** The races as entries show them. */
  async briefs(
    ids: readonly number[],
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<Map<number, RaceBrief>> {
    if (ids.length === 0) return new Map();
    const rows: RaceBrief[] = await manager.query(
      `SELECT cr.id, t.track_name, cr.race_number, cr.post_time, cr.status, cr.furlongs::float8 AS furlongs
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.id = ANY($1::int[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, { ...r, post_time: new Date(r.post_time) }]));
  }

  /** Per race, the horses scratched from it. */
  async scratchedHorses(raceIds: readonly number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (raceIds.length === 0) return out;
    const rows: { current_race_id: number; horse_id: number }[] = await this.dataSource.query(
      `SELECT current_race_id, horse_id FROM current_race_entries
        WHERE current_race_id = ANY($1::int[]) AND scratched_at IS NOT NULL`,
      [[...new Set(raceIds)]],
    );
    for (const r of rows) {
      const set = out.get(r.current_race_id) ?? new Set<number>();
      set.add(r.horse_id);
      out.set(r.current_race_id, set);
    }
    return out;
  }
}
