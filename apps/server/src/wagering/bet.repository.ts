import type { BetLegView, BetSort, BetStatusName, BetTypeName, BetView, PlaceBetsResponse } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { BetTypeIds } from '../catalog/bet-type-ids';
import { preparedQuery } from '../common/prepared-query';
import {
  type LockedRace,
  lockedRacesForShareSql,
  type RaceField,
  type RaceLegView,
  RaceReadModel,
} from '../racing/race-read-model';

export type { LockedRace, RaceField };

/** Races whose fields an instance keeps (a day of every track is ~750). */
const KNOWN_RACE_FIELDS = 10_000;

export interface StoredSlip {
  request_hash: string;
  response: PlaceBetsResponse;
}

/** One bet to insert (its legs and selections come with it). */
export interface NewBet {
  slip_index: number;
  bet_type_id: number;
  amount_cents: number;
  total_cents: number;
  combinations: number;
  box: boolean;
  race_ids: number[];
  selections: number[][];
}

/** A slip to open: its bettor, key and the hash of its body, and its bets. */
export interface NewSlip {
  userId: number;
  key: string;
  hash: string;
  bets: readonly NewBet[];
}

/** What opening a slip did: its id and its bets' ids (slip order), or no id when another holds its key. */
export interface OpenedSlip {
  slipId?: number;
  betIds: number[];
}

/**
 * See BetRepository.openSlips. Slips are numbered from 1 in the order given (no); bets, legs and
 * selections name their slip by that number and their bet by its index in the slip.
 */
const OPEN_SLIPS_SQL = `
  WITH claim AS (
    INSERT INTO bet_slips (user_id, idempotency_key, request_hash, response)
    SELECT c.user_id, c.key, c.hash, '{}'::json FROM unnest($1::int[], $2::text[], $3::text[]) AS c(user_id, key, hash)
    ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id, user_id, idempotency_key),
  slips AS (
    SELECT claim.id, s.no, s.user_id, s.key
      FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS s(user_id, key, no)
      JOIN claim ON claim.user_id = s.user_id AND claim.idempotency_key = s.key),
  locked AS (${lockedRacesForShareSql('$4')}),
  b AS (
    INSERT INTO bets (user_id, bet_type_id, track_id, amount_cents, total_cents, combinations, box,
                      idempotency_key, slip_index, bet_date)
    SELECT s.user_id, u.bet_type_id, r.track_id, u.amount_cents, u.total_cents, u.combinations, u.box, s.key,
           u.slip_index, $5
      FROM unnest($6::int[], $7::int[], $8::int[], $9::int[], $10::bigint[], $11::int[], $12::bool[], $13::smallint[])
           AS u(slip_no, bet_type_id, first_race, amount_cents, total_cents, combinations, box, slip_index)
      JOIN slips s ON s.no = u.slip_no
      LEFT JOIN locked r ON r.id = u.first_race
     ORDER BY u.slip_no, u.slip_index
    RETURNING id, user_id, idempotency_key, slip_index),
  bs AS (SELECT b.id, s.no, b.slip_index FROM b JOIN slips s ON s.user_id = b.user_id AND s.key = b.idempotency_key),
  l AS (
    INSERT INTO bet_legs (bet_id, leg, current_race_id)
    SELECT bs.id, x.leg, x.race
      FROM unnest($14::int[], $15::smallint[], $16::smallint[], $17::int[]) AS x(slip_no, slip_index, leg, race)
      JOIN bs ON bs.no = x.slip_no AND bs.slip_index = x.slip_index
     WHERE x.race IN (SELECT id FROM locked)),
  sel AS (
    INSERT INTO bet_selections (bet_id, slot, post_position)
    SELECT bs.id, y.slot, y.pp
      FROM unnest($18::int[], $19::smallint[], $20::smallint[], $21::smallint[]) AS y(slip_no, slip_index, slot, pp)
      JOIN bs ON bs.no = y.slip_no AND bs.slip_index = y.slip_index)
  SELECT (SELECT coalesce(json_agg(json_build_object('no', no, 'id', id)), '[]'::json) FROM slips) AS slips,
         (SELECT coalesce(json_agg(r ORDER BY r.id), '[]'::json) FROM locked r) AS races,
         (SELECT coalesce(json_agg(bs), '[]'::json) FROM bs) AS bets`;

const SORT_COLUMNS: Record<BetSort, string> = {
  bet_date: 'b.bet_date',
  total_cents: 'b.total_cents',
  payout_cents: 'b.payout_cents',
  status: 'b.status',
};

interface BetRow {
  id: string | number;
  bet_date: Date;
  bet_type_id: number;
  box: boolean;
  amount_cents: number;
  combinations: number;
  total_cents: string | number;
  status: BetStatusName;
  payout_cents: string | number;
  refunded_cents: string | number;
  settled_at: Date | null;
  legs: { leg: number; current_race_id: number }[];
  selections: { slot: number; post_position: number }[];
}

/** bets, bet_legs, bet_selections and bet_slips (the idempotent answers). */
@Injectable()
export class BetRepository {
  private readonly fields = new Map<number, RaceField>();

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
    @Inject(BetTypeIds) private readonly betTypes: BetTypeIds,
  ) {}

  /** The catalog's id of a bet type (see BetTypeIds: no round trip after the first). */
  betTypeId(name: string, runner: EntityManager | DataSource = this.dataSource): Promise<number | undefined> {
    return this.betTypes.idOf(name, runner);
  }

  /**
   * The card position and field size of each race that exists. They never change once a race is
   * made, so each instance reads a race once: a bet costs no round trip for them after that.
   */
  async raceFields(raceIds: readonly number[]): Promise<Map<number, RaceField>> {
    const missing = raceIds.filter((id) => !this.fields.has(id));
    if (missing.length > 0) {
      const rows = await this.races.fields(missing);
      if (this.fields.size + rows.length > KNOWN_RACE_FIELDS) this.fields.clear();
      for (const row of rows) this.fields.set(row.id, row);
    }
    const found = new Map<number, RaceField>();
    for (const id of raceIds) {
      const field = this.fields.get(id);
      if (field) found.set(id, field);
    }
    return found;
  }

  async findSlip(userId: number, key: string): Promise<StoredSlip | undefined> {
    const rows: StoredSlip[] = await this.dataSource.query(
      'SELECT request_hash, response FROM bet_slips WHERE user_id = $1 AND idempotency_key = $2',
      [userId, key],
    );
    return rows[0];
  }

  /**
   * Claims each slip's key for this transaction, locks the slips' races and writes the bets of the
   * slips it claimed with their legs and selections — one statement, one round trip, for one slip or
   * a group. A slip without an id is one whose key another request holds (the claim waits for that
   * one to end): nothing of it is written. The races are locked FOR SHARE: the close, an UPDATE, waits
   * for bets in flight and every bet after it sees the race closed; bets on one race do not wait for
   * each other. The caller checks the races and rolls back if one does not take the bets (a leg of an
   * unknown race is not written). Two slips of one call must not share a user and key.
   */
  async openSlips(
    manager: EntityManager,
    slips: readonly NewSlip[],
    betDate: Date,
  ): Promise<{ slips: OpenedSlip[]; races: LockedRace[] }> {
    const bet = { slip: [] as number[], type: [] as number[], first: [] as number[], amount: [] as number[] };
    const more = { total: [] as number[], combinations: [] as number[], box: [] as boolean[], index: [] as number[] };
    const legs = { slip: [] as number[], index: [] as number[], leg: [] as number[], race: [] as number[] };
    const sel = { slip: [] as number[], index: [] as number[], slot: [] as number[], pp: [] as number[] };
    slips.forEach((slip, i) => {
      const no = i + 1;
      for (const b of slip.bets) {
        bet.slip.push(no);
        bet.type.push(b.bet_type_id);
        bet.first.push(b.race_ids[0] as number);
        bet.amount.push(b.amount_cents);
        more.total.push(b.total_cents);
        more.combinations.push(b.combinations);
        more.box.push(b.box);
        more.index.push(b.slip_index);
        b.race_ids.forEach((race, k) => {
          legs.slip.push(no);
          legs.index.push(b.slip_index);
          legs.leg.push(k + 1);
          legs.race.push(race);
        });
        b.selections.forEach((list, k) => {
          for (const pp of new Set(list)) {
            sel.slip.push(no);
            sel.index.push(b.slip_index);
            sel.slot.push(k + 1);
            sel.pp.push(pp);
          }
        });
      }
    });
    const rows: {
      slips: { no: number; id: number }[];
      races: (Omit<LockedRace, 'post_time'> & { post_time: string })[];
      bets: { id: number; no: number; slip_index: number }[];
    }[] = await preparedQuery(manager, OPEN_SLIPS_SQL, [
      slips.map((s) => s.userId),
      slips.map((s) => s.key),
      slips.map((s) => s.hash),
      [...new Set(slips.flatMap((s) => s.bets.flatMap((b) => b.race_ids)))],
      betDate,
      bet.slip,
      bet.type,
      bet.first,
      bet.amount,
      more.total,
      more.combinations,
      more.box,
      more.index,
      legs.slip,
      legs.index,
      legs.leg,
      legs.race,
      sel.slip,
      sel.index,
      sel.slot,
      sel.pp,
    ]);
    const row = rows[0] as (typeof rows)[number];
    const slipIds = new Map(row.slips.map((r) => [Number(r.no), Number(r.id)]));
    const betIds = new Map(row.bets.map((r) => [`${r.no}:${r.slip_index}`, Number(r.id)]));
    return {
      slips: slips.map((slip, i) => {
        const slipId = slipIds.get(i + 1);
        if (slipId === undefined) return { betIds: [] };
        return { slipId, betIds: slip.bets.map((b) => betIds.get(`${i + 1}:${b.slip_index}`) as number) };
      }),
      races: row.races.map((r) => ({ ...r, post_time: new Date(r.post_time) })),
    };
  }

  /** Stores each slip's answer (by slip id), which a replay of its key returns. */
  async saveSlipResponses(
    manager: EntityManager,
    answers: readonly { slipId: number; response: PlaceBetsResponse }[],
  ): Promise<void> {
    await preparedQuery(
      manager,
      `UPDATE bet_slips b SET response = u.response::json
         FROM unnest($1::bigint[], $2::text[]) AS u(id, response) WHERE b.id = u.id`,
      [answers.map((a) => a.slipId), answers.map((a) => JSON.stringify(a.response))],
    );
  }

  /** Locks the races FOR SHARE (see openSlips). */
  lockRaces(manager: EntityManager, ids: readonly number[]): Promise<LockedRace[]> {
    return this.races.lockForShare(manager, ids);
  }

  /** Bet type and races of the bets (by id), to name their wallet movements. */
  async typesAndRaces(ids: readonly number[]): Promise<{ id: number; bet_type: string; race_ids: number[] }[]> {
    const rows: { id: string; bet_type_id: number; race_ids: number[] }[] = await this.dataSource.query(
      `SELECT b.id, b.bet_type_id,
              (SELECT array_agg(l.current_race_id ORDER BY l.leg) FROM bet_legs l WHERE l.bet_id = b.id) AS race_ids
         FROM bets b WHERE b.id = ANY($1::bigint[])`,
      [[...ids]],
    );
    return Promise.all(
      rows.map(async (r) => ({
        id: Number(r.id),
        bet_type: (await this.betTypes.nameOf(r.bet_type_id)) ?? 'Bet',
        race_ids: r.race_ids ?? [],
      })),
    );
  }

  /** A user's bets, a page of them, with their races and selections. */
  async listOfUser(
    userId: number,
    page: {
      limit: number;
      offset: number;
      sort: BetSort;
      order: 'asc' | 'desc';
      status?: BetStatusName;
      race_id?: number;
    },
  ): Promise<{ items: BetView[]; total: number }> {
    const order = `${SORT_COLUMNS[page.sort]} ${page.order === 'asc' ? 'ASC' : 'DESC'}, b.id ${page.order === 'asc' ? 'ASC' : 'DESC'}`;
    // The filters are parameters $2 and $3 of both statements (null: no filter).
    const filters = `AND ($2::text IS NULL OR b.status = $2)
      AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM bet_legs fl WHERE fl.bet_id = b.id AND fl.current_race_id = $3))`;
    const filterParams = [userId, page.status ?? null, page.race_id ?? null];
    const rows: BetRow[] = await this.dataSource.query(
      `SELECT b.id, b.bet_date, b.bet_type_id, b.box, b.amount_cents, b.combinations, b.total_cents, b.status,
              b.payout_cents, b.refunded_cents, b.settled_at,
              (SELECT coalesce(json_agg(json_build_object('leg', l.leg, 'current_race_id', l.current_race_id)
                        ORDER BY l.leg), '[]'::json)
                 FROM bet_legs l WHERE l.bet_id = b.id) AS legs,
              (SELECT coalesce(json_agg(json_build_object('slot', s.slot, 'post_position', s.post_position)
                        ORDER BY s.slot, s.post_position), '[]'::json)
                 FROM bet_selections s WHERE s.bet_id = b.id) AS selections
         FROM bets b
        WHERE b.user_id = $1 ${filters}
        ORDER BY ${order}
        LIMIT $4 OFFSET $5`,
      [...filterParams, page.limit, page.offset],
    );
    const counted: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM bets b WHERE b.user_id = $1 ${filters}`,
      filterParams,
    );
    // The legs' races are racing's: asked for once per page.
    const races = await this.races.legViews([...new Set(rows.flatMap((r) => r.legs.map((l) => l.current_race_id)))]);
    // The bet types' names are the catalog's (held in memory: no round trip).
    const items = await Promise.all(
      rows.map(async (row) => toBetView(row, (await this.betTypes.nameOf(row.bet_type_id)) as BetTypeName, races)),
    );
    return { items, total: counted[0]?.total ?? 0 };
  }
}

function toBetView(row: BetRow, betType: BetTypeName, races: ReadonlyMap<number, RaceLegView>): BetView {
  const slots: number[][] = [];
  for (const s of row.selections) {
    const list = slots[s.slot - 1] ?? [];
    list.push(s.post_position);
    slots[s.slot - 1] = list;
  }
  return {
    id: Number(row.id),
    bet_date: new Date(row.bet_date).toISOString(),
    bet_type: betType,
    // As the join it replaces: a leg without its race is left out (a foreign key keeps it from happening).
    legs: row.legs.flatMap((l) => {
      const race = races.get(l.current_race_id);
      return race ? [legView(l, race)] : [];
    }),
    selections: Array.from(slots, (l) => l ?? []),
    selection_runners: Array.from(slots, (picks, i) => {
      // A sequence's slot i is its leg i's race; every slot of a one-race bet is that race.
      const leg = row.legs.length > 1 ? row.legs[i] : row.legs[0];
      const field = leg ? races.get(leg.current_race_id)?.runners : undefined;
      return (picks ?? []).map((n) => ({
        program_number: n,
        horse_name: field?.find((r) => r.post_position === n)?.horse_name ?? `Horse ${n}`,
      }));
    }),
    box: row.box,
    amount_cents: row.amount_cents,
    combinations: row.combinations,
    total_cents: Number(row.total_cents),
    status: row.status,
    payout_cents: Number(row.payout_cents),
    refunded_cents: Number(row.refunded_cents),
    settled_at: row.settled_at ? new Date(row.settled_at).toISOString() : null,
  };
}

function legView(leg: { leg: number; current_race_id: number }, race: RaceLegView): BetLegView {
  return {
    leg: leg.leg,
    current_race_id: leg.current_race_id,
    race_name: race.race_name,
    race_number: race.race_number,
    race_date: race.race_date,
    post_time: new Date(race.post_time).toISOString(),
    track_id: race.track_id,
    track_name: race.track_name,
    status: race.status,
  };
}
