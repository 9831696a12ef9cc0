import type { HorseAbility, HorseCondition } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { write } from '../common/write-result';

type Db = EntityManager | DataSource;

/** A stable horse's own row: ability, condition as of `condition_at`, equipment, stud fee. */
export interface StableHorseState {
  horse_id: number;
  user_id: number;
  ability: HorseAbility;
  condition: HorseCondition;
  condition_at: Date;
  shoe: string;
  gear: string[];
  stud_fee_cents: number | null;
  on_sale: boolean;
  created_at: Date;
}

export interface EntryRow {
  id: number;
  horse_id: number;
  user_id: number;
  current_race_id: number;
  post_position: number;
  fee_cents: number;
  active: boolean;
  finish_position: number | null;
  purse_cents: number | null;
  refunded_at: Date | null;
  created_at: Date;
}

export interface BreedingRow {
  id: number;
  user_id: number;
  sire_id: number;
  dam_id: number;
  foal_name: string;
  fee_cents: number;
  stud_owner_id: number | null;
  due_at: Date;
  foal_id: number | null;
  created_at: Date;
}

const HORSE_COLUMNS = `horse_id, user_id, ability_speed, ability_stamina, ability_early_speed, speed_gain, stamina_gain,
  early_speed_gain, fatigue, fitness, condition_at, shoe, gear, stud_fee_cents, on_sale, created_at`;

interface HorseRowDb {
  horse_id: number;
  user_id: number;
  ability_speed: number;
  ability_stamina: number;
  ability_early_speed: number;
  speed_gain: number;
  stamina_gain: number;
  early_speed_gain: number;
  fatigue: number;
  fitness: number;
  condition_at: Date;
  shoe: string;
  gear: string[];
  stud_fee_cents: number | null;
  on_sale: boolean;
  created_at: Date;
}

function toState(r: HorseRowDb): StableHorseState {
  return {
    horse_id: r.horse_id,
    user_id: r.user_id,
    ability: { speed: r.ability_speed, stamina: r.ability_stamina, early_speed: r.ability_early_speed },
    condition: {
      speed_gain: r.speed_gain,
      stamina_gain: r.stamina_gain,
      early_speed_gain: r.early_speed_gain,
      fatigue: r.fatigue,
      fitness: r.fitness,
    },
    condition_at: new Date(r.condition_at),
    shoe: r.shoe,
    gear: r.gear ?? [],
    stud_fee_cents: r.stud_fee_cents,
    on_sale: r.on_sale,
    created_at: new Date(r.created_at),
  };
}

const ENTRY_COLUMNS = `id, horse_id, user_id, current_race_id, post_position, fee_cents, active, finish_position,
  purse_cents::float8 AS purse_cents, refunded_at, created_at`;

/** The stable's tables: stable_horses, stable_entries, stable_notices, stable_care, stable_breedings. */
@Injectable()
export class StableRepository {
  constructor(@Inject(DataSource) readonly dataSource: DataSource) {}

  async insertHorse(
    m: EntityManager,
    s: Omit<StableHorseState, 'created_at' | 'stud_fee_cents' | 'on_sale'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO stable_horses (horse_id, user_id, ability_speed, ability_stamina, ability_early_speed, speed_gain,
                                  stamina_gain, early_speed_gain, fatigue, fitness, condition_at, shoe, gear)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        s.horse_id,
        s.user_id,
        s.ability.speed,
        s.ability.stamina,
        s.ability.early_speed,
        s.condition.speed_gain,
        s.condition.stamina_gain,
        s.condition.early_speed_gain,
        s.condition.fatigue,
        s.condition.fitness,
        s.condition_at,
        s.shoe,
        s.gear,
      ],
    );
  }

  async horsesOf(userId: number, db: Db = this.dataSource): Promise<StableHorseState[]> {
    const rows: HorseRowDb[] = await db.query(
      `SELECT ${HORSE_COLUMNS} FROM stable_horses WHERE user_id = $1 ORDER BY created_at, horse_id`,
      [userId],
    );
    return rows.map(toState);
  }

  async horses(ids: readonly number[], db: Db = this.dataSource): Promise<StableHorseState[]> {
    if (ids.length === 0) return [];
    const rows: HorseRowDb[] = await db.query(
      `SELECT ${HORSE_COLUMNS} FROM stable_horses WHERE horse_id = ANY($1::int[])`,
      [[...ids]],
    );
    return rows.map(toState);
  }

  /** A horse sold to another user: theirs from now, its stud standing ended. */
  async changeOwner(m: EntityManager, horseId: number, userId: number): Promise<void> {
    await m.query('UPDATE stable_horses SET user_id = $2, stud_fee_cents = NULL, on_sale = false WHERE horse_id = $1', [
      horseId,
      userId,
    ]);
  }

  /** Consigned to a sale (true) or out of it again (false). */
  async setOnSale(m: EntityManager, horseId: number, onSale: boolean): Promise<void> {
    await m.query('UPDATE stable_horses SET on_sale = $2 WHERE horse_id = $1', [horseId, onSale]);
  }

  /** The horse locked for the caller's transaction, if the user owns it. */
  async lockHorse(m: EntityManager, horseId: number, userId: number): Promise<StableHorseState | undefined> {
    const [row]: HorseRowDb[] = await m.query(
      `SELECT ${HORSE_COLUMNS} FROM stable_horses WHERE horse_id = $1 AND user_id = $2 FOR UPDATE`,
      [horseId, userId],
    );
    return row && toState(row);
  }

  async saveCondition(m: Db, horseId: number, c: HorseCondition, at: Date): Promise<void> {
    await m.query(
      `UPDATE stable_horses SET speed_gain = $2, stamina_gain = $3, early_speed_gain = $4, fatigue = $5, fitness = $6,
              condition_at = $7
        WHERE horse_id = $1`,
      [horseId, c.speed_gain, c.stamina_gain, c.early_speed_gain, c.fatigue, c.fitness, at],
    );
  }

  async saveEquipment(m: EntityManager, horseId: number, shoe: string, gear: readonly string[]): Promise<void> {
    await m.query('UPDATE stable_horses SET shoe = $2, gear = $3 WHERE horse_id = $1', [horseId, shoe, [...gear]]);
  }

  async saveStudFee(m: EntityManager, horseId: number, fee: number | null): Promise<void> {
    await m.query('UPDATE stable_horses SET stud_fee_cents = $2 WHERE horse_id = $1', [horseId, fee]);
  }

  async studs(): Promise<StableHorseState[]> {
    const rows: HorseRowDb[] = await this.dataSource.query(
      `SELECT ${HORSE_COLUMNS} FROM stable_horses WHERE stud_fee_cents IS NOT NULL ORDER BY stud_fee_cents, horse_id LIMIT 200`,
    );
    return rows.map(toState);
  }

  async countOwned(m: Db, userId: number): Promise<number> {
    const [row]: { n: number }[] = await m.query('SELECT count(*)::int AS n FROM stable_horses WHERE user_id = $1', [
      userId,
    ]);
    return row?.n ?? 0;
  }

  /** Horses the user created (not foaled) since `since` (wall clock). */
  async countCreatedSince(m: Db, userId: number, since: Date): Promise<number> {
    const [row]: { n: number }[] = await m.query(
      `SELECT count(*)::int AS n FROM stable_horses h
        WHERE h.user_id = $1 AND h.created_at >= $2
          AND NOT EXISTS (SELECT 1 FROM stable_breedings b WHERE b.foal_id = h.horse_id)`,
      [userId, since],
    );
    return row?.n ?? 0;
  }

  // --- entries ---------------------------------------------------------------------------------

  async insertEntry(
    m: EntityManager,
    e: { horse_id: number; user_id: number; current_race_id: number; post_position: number; fee_cents: number },
  ): Promise<EntryRow> {
    const [row]: EntryRow[] = await m.query(
      `INSERT INTO stable_entries (horse_id, user_id, current_race_id, post_position, fee_cents)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${ENTRY_COLUMNS}`,
      [e.horse_id, e.user_id, e.current_race_id, e.post_position, e.fee_cents],
    );
    if (!row) throw new Error('entry not written');
    return row;
  }

  async activeEntryOf(m: Db, horseId: number): Promise<EntryRow | undefined> {
    const [row]: EntryRow[] = await m.query(
      `SELECT ${ENTRY_COLUMNS} FROM stable_entries WHERE horse_id = $1 AND active`,
      [horseId],
    );
    return row;
  }

  /** The active entry of each of these horses that has one (one statement for a stable's list). */
  async activeEntriesOf(horseIds: readonly number[], db: Db = this.dataSource): Promise<EntryRow[]> {
    if (horseIds.length === 0) return [];
    return db.query(`SELECT ${ENTRY_COLUMNS} FROM stable_entries WHERE active AND horse_id = ANY($1::int[])`, [
      [...horseIds],
    ]);
  }

  async entriesOf(userId: number, limit = 100): Promise<EntryRow[]> {
    return this.dataSource.query(
      `SELECT ${ENTRY_COLUMNS} FROM stable_entries WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  async lockEntry(m: EntityManager, id: number, userId: number): Promise<EntryRow | undefined> {
    const [row]: EntryRow[] = await m.query(
      `SELECT ${ENTRY_COLUMNS} FROM stable_entries WHERE id = $1 AND user_id = $2 FOR UPDATE`,
      [id, userId],
    );
    return row;
  }

  async entriesById(ids: readonly number[]): Promise<EntryRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${ENTRY_COLUMNS} FROM stable_entries WHERE id = ANY($1::int[])`, [[...ids]]);
  }

  async activeEntries(limit = 500): Promise<EntryRow[]> {
    return this.dataSource.query(`SELECT ${ENTRY_COLUMNS} FROM stable_entries WHERE active ORDER BY id LIMIT $1`, [
      limit,
    ]);
  }

  /** Ends an active entry once (false when another run ended it first). */
  async endEntry(
    m: EntityManager,
    id: number,
    outcome: { finish_position: number | null; purse_cents: number | null; refunded_at: Date | null },
  ): Promise<boolean> {
    const { rows } = await write(
      m,
      `UPDATE stable_entries SET active = false, finish_position = $2, purse_cents = $3, refunded_at = $4
        WHERE id = $1 AND active RETURNING id`,
      [id, outcome.finish_position, outcome.purse_cents, outcome.refunded_at],
    );
    return rows.length > 0;
  }

  // --- notices, care, money --------------------------------------------------------------------

  async notify(
    db: Db,
    n: { user_id: number; kind: string; message: string; current_race_id: number | null; dedupe_key: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO stable_notices (user_id, kind, message, current_race_id, dedupe_key) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (dedupe_key) DO NOTHING`,
      [n.user_id, n.kind, n.message, n.current_race_id, n.dedupe_key],
    );
  }

  async notices(
    userId: number,
    limit = 30,
  ): Promise<{ id: number; kind: string; message: string; current_race_id: number | null; created_at: Date }[]> {
    return this.dataSource.query(
      `SELECT id, kind, message, current_race_id, created_at FROM stable_notices WHERE user_id = $1 ORDER BY id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  async logCare(
    m: EntityManager,
    c: { horse_id: number; user_id: number; kind: string; detail: string; amount_cents: number },
  ): Promise<void> {
    await m.query(
      'INSERT INTO stable_care (horse_id, user_id, kind, detail, amount_cents) VALUES ($1, $2, $3, $4, $5)',
      [c.horse_id, c.user_id, c.kind, c.detail, c.amount_cents],
    );
  }

  /** Money the user's stable spent and won: fees not refunded, care and stud fees; purses and fees received. */
  async money(userId: number): Promise<{ spent_cents: number; won_cents: number }> {
    const [row]: { spent: number; won: number }[] = await this.dataSource.query(
      `SELECT (SELECT coalesce(sum(fee_cents) FILTER (WHERE refunded_at IS NULL), 0) FROM stable_entries WHERE user_id = $1)
              + (SELECT coalesce(-sum(amount_cents) FILTER (WHERE amount_cents < 0), 0) FROM stable_care WHERE user_id = $1)
              AS spent,
              (SELECT coalesce(sum(purse_cents), 0) FROM stable_entries WHERE user_id = $1)
              + (SELECT coalesce(sum(amount_cents) FILTER (WHERE amount_cents > 0), 0) FROM stable_care WHERE user_id = $1)
              AS won`,
      [userId],
    );
    return { spent_cents: Number(row?.spent ?? 0), won_cents: Number(row?.won ?? 0) };
  }

  // --- breeding --------------------------------------------------------------------------------

  async insertBreeding(m: EntityManager, b: Omit<BreedingRow, 'id' | 'foal_id' | 'created_at'>): Promise<BreedingRow> {
    const [row]: BreedingRow[] = await m.query(
      `INSERT INTO stable_breedings (user_id, sire_id, dam_id, foal_name, fee_cents, stud_owner_id, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [b.user_id, b.sire_id, b.dam_id, b.foal_name, b.fee_cents, b.stud_owner_id, b.due_at],
    );
    if (!row) throw new Error('breeding not written');
    return row;
  }

  async breedingsOf(userId: number): Promise<BreedingRow[]> {
    return this.dataSource.query('SELECT * FROM stable_breedings WHERE user_id = $1 ORDER BY id DESC LIMIT 100', [
      userId,
    ]);
  }

  async inFoal(db: Db, damIds: readonly number[]): Promise<Map<number, Date>> {
    if (damIds.length === 0) return new Map();
    const rows: { dam_id: number; due_at: Date }[] = await db.query(
      'SELECT dam_id, due_at FROM stable_breedings WHERE foal_id IS NULL AND dam_id = ANY($1::int[])',
      [[...damIds]],
    );
    return new Map(rows.map((r) => [r.dam_id, new Date(r.due_at)]));
  }

  async foalNameTaken(db: Db, name: string): Promise<boolean> {
    const rows = await db.query(
      'SELECT 1 FROM stable_breedings WHERE lower(foal_name) = lower($1) AND foal_id IS NULL',
      [name],
    );
    return rows.length > 0;
  }

  async anyBreedingDue(now: Date): Promise<boolean> {
    const rows = await this.dataSource.query(
      'SELECT 1 FROM stable_breedings WHERE foal_id IS NULL AND due_at <= $1 LIMIT 1',
      [now],
    );
    return rows.length > 0;
  }

  /** Contracts whose foal is due and not born, locked (SKIP LOCKED: another instance takes the rest). */
  async lockDueBreedings(m: EntityManager, now: Date, limit = 50): Promise<BreedingRow[]> {
    return m.query(
      `SELECT * FROM stable_breedings WHERE foal_id IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit],
    );
  }

  async setFoal(m: EntityManager, breedingId: number, foalId: number): Promise<void> {
    await m.query('UPDATE stable_breedings SET foal_id = $2 WHERE id = $1', [breedingId, foalId]);
  }
}
