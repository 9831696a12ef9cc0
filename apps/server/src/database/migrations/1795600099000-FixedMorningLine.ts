import { cardMorningLine, type MorningLineEntry, raceConditions, racingAge, weightCarriedLbs } from '@furlong/domain';
import type { MigrationInterface, QueryRunner } from 'typeorm';

interface RaceRow {
  id: number;
  track_id: number;
  race_date: string;
  race_number: number;
  purse_cents: string;
  furlongs: string;
  surface_type: string;
}

interface EntryRow {
  current_race_id: number;
  post_position: number;
  race_date: string;
  status: string;
  dob: string;
  gender: 'male' | 'female';
  win_pct: number | null;
  avg_speed: number | null;
  earnings_cents: number | null;
  last_race_time_ms: number | null;
  jockey_win_pct: number | null;
}

// The races whose result is not written: their runners' form does not hold the race yet, so the
// line made from it now is the line their card would have made.
const UNRESULTED = ['scheduled', 'open', 'closed', 'running'];

/**
 * Issue 15: a live race's class, name and conditions, and per runner the morning line and the weight
 * carried, all fixed when the card is made (the line used to be made again from form that by then
 * held the race itself). Existing races get their class and weights here; the races without a
 * result get their line from today's form, once; a finished race keeps none (it was never stored).
 */
export class FixedMorningLine1795600099000 implements MigrationInterface {
  name = 'FixedMorningLine1795600099000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "current_races" ADD "race_class" text`);
    await queryRunner.query(`ALTER TABLE "current_races" ADD "race_title" text`);
    await queryRunner.query(`ALTER TABLE "current_races" ADD "conditions" text`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" ADD "morning_line_score" double precision`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" ADD "morning_line_odds" numeric(7,2)`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" ADD "weight_lbs" smallint`);

    const races: RaceRow[] = await queryRunner.query(
      `SELECT id, track_id, race_date::text AS race_date, race_number, purse_cents, furlongs, surface_type
         FROM current_races`,
    );
    const terms = races.map((r) =>
      raceConditions({
        key: `${r.track_id}:${r.race_date}:${r.race_number}`,
        purseCents: Number(r.purse_cents),
        furlongs: Number(r.furlongs),
        surface: r.surface_type,
      }),
    );
    await queryRunner.query(
      `UPDATE current_races cr SET race_class = u.race_class, race_title = u.race_title, conditions = u.conditions
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[]) AS u(id, race_class, race_title, conditions)
        WHERE cr.id = u.id`,
      [
        races.map((r) => r.id),
        terms.map((t) => t.race_class),
        terms.map((t) => t.race_title),
        terms.map((t) => t.conditions),
      ],
    );

    // The form as it stands (a frozen copy of the catalog's runner form at this migration).
    const entries: EntryRow[] = await queryRunner.query(
      `SELECT e.current_race_id, e.post_position, cr.race_date::text AS race_date, cr.status, h.dob::text AS dob, h.gender,
              pp.win_pct_horse::float8 AS win_pct, pp.avg_speed_figure_horse::float8 AS avg_speed,
              pp.earnings_cents::float8 AS earnings_cents, pp.last_race_time_ms::float8 AS last_race_time_ms,
              (SELECT p2.win_percentage_jockey FROM past_performances p2 WHERE p2.jockey_id = e.jockey_id LIMIT 1)::float8
                AS jockey_win_pct
         FROM current_race_entries e
         JOIN current_races cr ON cr.id = e.current_race_id
         JOIN horses h ON h.id = e.horse_id
         LEFT JOIN past_performances pp ON pp.horse_id = e.horse_id
        ORDER BY e.current_race_id, e.post_position`,
    );
    const byRace = new Map<number, EntryRow[]>();
    for (const e of entries) byRace.set(e.current_race_id, [...(byRace.get(e.current_race_id) ?? []), e]);
    const ids: number[] = [];
    const posts: number[] = [];
    const weights: number[] = [];
    const scores: (number | null)[] = [];
    const odds: (number | null)[] = [];
    for (const field of byRace.values()) {
      const line = UNRESULTED.includes(field[0]?.status ?? '') ? cardMorningLine(field.map(formEntry)) : null;
      field.forEach((e, i) => {
        ids.push(e.current_race_id);
        posts.push(e.post_position);
        weights.push(weightCarriedLbs(racingAge(e.dob, e.race_date), e.gender));
        scores.push(line?.[i]?.score ?? null);
        odds.push(line?.[i]?.odds ?? null);
      });
    }
    await queryRunner.query(
      `UPDATE current_race_entries e
          SET weight_lbs = u.weight_lbs, morning_line_score = u.score, morning_line_odds = u.odds
         FROM unnest($1::int[], $2::smallint[], $3::smallint[], $4::float8[], $5::numeric[])
              AS u(current_race_id, post_position, weight_lbs, score, odds)
        WHERE e.current_race_id = u.current_race_id AND e.post_position = u.post_position`,
      [ids, posts, weights, scores, odds],
    );

    await queryRunner.query(`ALTER TABLE "current_races" ALTER COLUMN "race_class" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "current_races" ALTER COLUMN "race_title" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "current_races" ALTER COLUMN "conditions" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" ALTER COLUMN "weight_lbs" SET NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD CONSTRAINT "ck_current_race_entries_morning_line" CHECK ((morning_line_score IS NULL) = (morning_line_odds IS NULL) AND (morning_line_score IS NULL OR morning_line_score > 0) AND (morning_line_odds IS NULL OR morning_line_odds >= 0))`,
    );
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" ADD CONSTRAINT "ck_current_race_entries_weight" CHECK (weight_lbs BETWEEN 100 AND 140)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP CONSTRAINT "ck_current_race_entries_weight"`);
    await queryRunner.query(
      `ALTER TABLE "current_race_entries" DROP CONSTRAINT "ck_current_race_entries_morning_line"`,
    );
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP COLUMN "weight_lbs"`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP COLUMN "morning_line_odds"`);
    await queryRunner.query(`ALTER TABLE "current_race_entries" DROP COLUMN "morning_line_score"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP COLUMN "conditions"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP COLUMN "race_title"`);
    await queryRunner.query(`ALTER TABLE "current_races" DROP COLUMN "race_class"`);
  }
}

/** Percentages as the morning line reads them (fractions), seconds for the last race time. */
function formEntry(e: EntryRow): MorningLineEntry {
  return {
    winRate: e.win_pct === null ? null : e.win_pct / 100,
    averageSpeed: e.avg_speed,
    earningsCents: e.earnings_cents,
    lastRaceTimeSeconds: e.last_race_time_ms === null ? null : e.last_race_time_ms / 1000,
    jockeyWinRate: e.jockey_win_pct === null ? null : e.jockey_win_pct / 100,
  };
}
