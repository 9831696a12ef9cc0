import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { InvalidRequestException, refusal } from '../common/api-error';

/** A horse as the stable registers it (the catalog keeps its row in `horses`). */
export interface NewHorse {
  horse_name: string;
  breed_id: number;
  color: string;
  dob: string;
  age: number;
  gender: 'male' | 'female';
  height_hands: number | null;
  weight_lbs: number;
  sire: string;
  dam: string;
  breeder: string;
  jockey_id: number;
  trainer_id: number;
  owner_id: number;
  user_id: number;
}

/** A registered horse as the stable shows it. */
export interface HorseView {
  id: number;
  horse_name: string;
  breed_id: number;
  breed_name: string;
  color: string | null;
  dob: string;
  gender: 'male' | 'female';
  height_hands: number | null;
  weight_lbs: number | null;
  sire: string;
  dam: string;
  breeder: string;
  jockey_id: number | null;
  jockey: string | null;
  trainer: string | null;
  owner_id: number | null;
  owner: string | null;
}

/** A horse's record, derived from its results (never entered). */
export interface HorseRecord {
  starts: number;
  wins: number;
  places: number;
  shows: number;
  earnings_cents: number;
  highest_earning_cents: number;
  tracks_raced: string[];
}

export const EMPTY_RECORD: HorseRecord = {
  starts: 0,
  wins: 0,
  places: 0,
  shows: 0,
  earnings_cents: 0,
  highest_earning_cents: 0,
  tracks_raced: [],
};

const NAMED_KINDS = {
  breeds: { table: 'breeds', name: 'breed_name' },
  jockeys: { table: 'jockeys', name: 'jockey_name' },
  trainers: { table: 'trainers', name: 'trainer_name' },
  owners: { table: 'owners', name: 'owner_name' },
  tracks: { table: 'tracks', name: 'track_name' },
  horses: { table: 'horses', name: 'horse_name' },
} as const;
export type NamedKind = keyof typeof NAMED_KINDS;

/**
 * The catalog's side of the stable: registering a user's horse (a `horses` row with the next
 * registration number), the owner that stands for a user, and the horses' views and records.
 */
@Injectable()
export class HorseRegistry {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Names of records of a kind by id (unknown ids are left out). */
  async names(kind: NamedKind, ids: readonly number[], manager: EntityManager | DataSource = this.dataSource) {
    const { table, name } = NAMED_KINDS[kind];
    if (ids.length === 0) return new Map<number, string>();
    const rows: { id: number; name: string }[] = await manager.query(
      `SELECT id, ${name} AS name FROM ${table} WHERE id = ANY($1::int[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** Ids of a kind picked at random (at most `count`). */
  async randomIds(kind: NamedKind, count: number, manager: EntityManager | DataSource = this.dataSource) {
    const { table } = NAMED_KINDS[kind];
    const rows: { id: number }[] = await manager.query(`SELECT id FROM ${table} ORDER BY random() LIMIT $1`, [count]);
    return rows.map((r) => r.id);
  }

  /** Horses drawn at random for the race generator: the catalog's (not users'), with their people. */
  randomHorses(
    count: number,
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<{ id: number; jockey_id: number | null; trainer_id: number | null; owner_id: number | null }[]> {
    return manager.query(
      `SELECT id, jockey_id, trainer_id, owner_id FROM horses WHERE user_id IS NULL ORDER BY random() LIMIT $1`,
      [count],
    );
  }

  /** The owner that stands for a user (made once, named after the user). */
  async ownerForUser(manager: EntityManager, userId: number, name: string): Promise<number> {
    const [row]: { id: number }[] = await manager.query(
      `WITH made AS (
         INSERT INTO owners (owner_name, user_id) VALUES ($2, $1) ON CONFLICT (user_id) DO NOTHING RETURNING id
       )
       SELECT id FROM made UNION ALL SELECT id FROM owners WHERE user_id = $1`,
      [userId, name],
    );
    if (!row) throw new Error(`no owner for user ${userId}`);
    return row.id;
  }

  /** The horse now belongs to the user (sold at auction): its owner is the user's. */
  async changeOwner(manager: EntityManager, horseId: number, user: { userId: number; username: string }) {
    const owner = await this.ownerForUser(manager, user.userId, user.username);
    await manager.query('UPDATE horses SET owner_id = $2, user_id = $3 WHERE id = $1', [horseId, owner, user.userId]);
  }

  /** House horses (no user's): at random, for the house's own sales. */
  async houseHorseIds(
    count: number,
    excluding: readonly number[],
    manager: EntityManager | DataSource = this.dataSource,
  ) {
    const rows: { id: number }[] = await manager.query(
      'SELECT id FROM horses WHERE user_id IS NULL AND NOT (id = ANY($2::int[])) ORDER BY random() LIMIT $1',
      [count, [...excluding]],
    );
    return rows.map((r) => r.id);
  }

  /** Which of these horses are house horses (in no user's stable), locked for the caller's transaction. */
  async lockHouseHorses(manager: EntityManager, ids: readonly number[]): Promise<Set<number>> {
    const rows: { id: number }[] = await manager.query(
      'SELECT id FROM horses WHERE id = ANY($1::int[]) AND user_id IS NULL ORDER BY id FOR UPDATE',
      [[...ids]],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** 400 naming the field when a chosen breed, jockey, trainer or owner does not exist. */
  async checkReferences(
    manager: EntityManager,
    refs: { breed_id: number; jockey_id?: number | null; trainer_id?: number | null; owner_id?: number | null },
  ): Promise<void> {
    const checks = [
      ['breed_id', 'breeds', refs.breed_id],
      ['jockey_id', 'jockeys', refs.jockey_id],
      ['trainer_id', 'trainers', refs.trainer_id],
      ['owner_id', 'owners', refs.owner_id],
    ] as const;
    const problems = [];
    for (const [field, kind, id] of checks) {
      if (id === null || id === undefined) continue;
      if (!(await this.names(kind, [id], manager)).has(id))
        problems.push({ field, reason: `no ${kind.slice(0, -1)} has id ${id}` });
    }
    if (problems.length > 0) throw new InvalidRequestException(problems);
  }

  /** Whether a horse of that name exists (names are unique, case-insensitively for new ones). */
  async nameTaken(manager: EntityManager | DataSource, name: string): Promise<boolean> {
    const rows = await manager.query('SELECT 1 FROM horses WHERE lower(horse_name) = lower($1) LIMIT 1', [name]);
    return rows.length > 0;
  }

  /** Registers the horse with the next registration number; 409 when its name is taken. */
  async register(manager: EntityManager, horse: NewHorse): Promise<number> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtextextended('horse-registration', 0))");
    if (await this.nameTaken(manager, horse.horse_name)) {
      throw refusal(`A horse named ${horse.horse_name} already exists: choose another name.`, 'name_taken');
    }
    const [row]: { id: number }[] = await manager.query(
      `INSERT INTO horses (horse_name, horse_number, breed_id, dob, age, gender, color, height_hands, weight_lbs, sire, dam,
                           breeder, jockey_id, trainer_id, owner_id, user_id)
       SELECT $1, coalesce(max(horse_number), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15
         FROM horses
       RETURNING id`,
      [
        horse.horse_name,
        horse.breed_id,
        horse.dob,
        horse.age,
        horse.gender,
        horse.color,
        horse.height_hands,
        horse.weight_lbs,
        horse.sire,
        horse.dam,
        horse.breeder,
        horse.jockey_id,
        horse.trainer_id,
        horse.owner_id,
        horse.user_id,
      ],
    );
    if (!row) throw new Error('horse not registered');
    return row.id;
  }

  /** The horses as the stable shows them. */
  async views(
    ids: readonly number[],
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<Map<number, HorseView>> {
    if (ids.length === 0) return new Map();
    const rows: HorseView[] = await manager.query(
      `SELECT h.id, h.horse_name, h.breed_id, b.breed_name, h.color, h.dob::text AS dob, h.gender, h.height_hands::float8 AS height_hands,
              h.weight_lbs, h.sire, h.dam, h.breeder, h.jockey_id, j.jockey_name AS jockey, tr.trainer_name AS trainer,
              h.owner_id, o.owner_name AS owner
         FROM horses h
         JOIN breeds b ON b.id = h.breed_id
         LEFT JOIN jockeys j ON j.id = h.jockey_id
         LEFT JOIN trainers tr ON tr.id = h.trainer_id
         LEFT JOIN owners o ON o.id = h.owner_id
        WHERE h.id = ANY($1::int[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /** Each horse's record from its results. */
  async records(
    ids: readonly number[],
    manager: EntityManager | DataSource = this.dataSource,
  ): Promise<Map<number, HorseRecord>> {
    if (ids.length === 0) return new Map();
    const rows: (Omit<HorseRecord, 'tracks_raced'> & { horse_id: number; tracks_raced: string[] | null })[] =
      await manager.query(
        `SELECT f.horse_id, count(*)::int AS starts,
                count(*) FILTER (WHERE f.finish_position = 1)::int AS wins,
                count(*) FILTER (WHERE f.finish_position = 2)::int AS places,
                count(*) FILTER (WHERE f.finish_position = 3)::int AS shows,
                coalesce(sum(f.earnings_cents), 0)::float8 AS earnings_cents,
                coalesce(max(f.earnings_cents), 0)::float8 AS highest_earning_cents,
                array_agg(DISTINCT t.track_name) AS tracks_raced
           FROM race_result_finishers f
           JOIN race_results r ON r.id = f.result_id
           JOIN races ra ON ra.id = r.race_id
           JOIN tracks t ON t.id = ra.track_id
          WHERE f.horse_id = ANY($1::int[])
          GROUP BY f.horse_id`,
        [[...new Set(ids)]],
      );
    return new Map(rows.map((r) => [r.horse_id, { ...r, tracks_raced: r.tracks_raced ?? [] }]));
  }

  /** The horse's jockey, or null. */
  async jockeyOf(manager: EntityManager, horseId: number): Promise<number | null> {
    const [row]: { jockey_id: number | null }[] = await manager.query('SELECT jockey_id FROM horses WHERE id = $1', [
      horseId,
    ]);
    return row?.jockey_id ?? null;
  }
}
