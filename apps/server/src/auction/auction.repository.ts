import type { AuctionLotsQuery, LotStatus, SaleKind } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

type Db = EntityManager | DataSource;

/** A lot as stored, with its sale's name, kind and opening (null sale: catalogued, not in a sale yet). */
export interface LotRow {
  id: number;
  horse_id: number | null;
  name: string;
  breed: string;
  age: number;
  image: string | null;
  description: string;
  starting_bid_cents: number;
  sale_id: number | null;
  lot_no: number | null;
  seller_user_id: number | null;
  reserve_cents: number | null;
  closes_at: Date | null;
  status: 'open' | 'sold' | 'rna' | 'no_bids';
  price_cents: number | null;
  leader_user_id: number | null;
  leader_max_cents: number | null;
  bids_count: number;
  extensions: number;
  hammer_price_cents: number | null;
  buyer_user_id: number | null;
  hammered_at: Date | null;
  sale_name: string | null;
  sale_kind: SaleKind | null;
  opens_at: Date | null;
}

export interface SaleRow {
  id: number;
  name: string;
  kind: SaleKind;
  description: string;
  opens_at: Date;
  first_close_at: Date;
  house: boolean;
  last_close_at: Date | null;
  lots: number;
  lots_open: number;
  lots_sold: number;
  gross_cents: number;
}

/** A lot that sold for more than any public lot before it. */
export interface RecordSaleRow {
  lot_id: number;
  name: string;
  sale_name: string;
  hammer_price_cents: number;
  previous_record_cents: number;
  hammered_at: Date;
}

export interface BidRow {
  id: number;
  lot_id: number;
  user_id: number;
  kind: 'bid' | 'max';
  max_cents: number;
  price_after_cents: number;
  leader_after: number;
  created_at: Date;
}

const LOT_COLUMNS = `l.id, l.horse_id, l.name, l.breed, l.age, l.image, l.description, l.starting_bid_cents, l.sale_id,
  l.lot_no, l.seller_user_id, l.reserve_cents, l.closes_at, l.status, l.price_cents, l.leader_user_id,
  l.leader_max_cents, l.bids_count, l.extensions, l.hammer_price_cents, l.buyer_user_id, l.hammered_at,
  s.name AS sale_name, s.kind AS sale_kind, s.opens_at`;

const SALE_COLUMNS = `s.id, s.name, s.kind, s.description, s.opens_at, s.first_close_at, s.house,
  (SELECT max(l.closes_at) FROM auction_horses l WHERE l.sale_id = s.id) AS last_close_at,
  (SELECT count(*)::int FROM auction_horses l WHERE l.sale_id = s.id) AS lots,
  (SELECT count(*)::int FROM auction_horses l WHERE l.sale_id = s.id AND l.status = 'open') AS lots_open,
  (SELECT count(*)::int FROM auction_horses l WHERE l.sale_id = s.id AND l.status = 'sold') AS lots_sold,
  (SELECT coalesce(sum(l.hammer_price_cents), 0)::float8 FROM auction_horses l
    WHERE l.sale_id = s.id AND l.status = 'sold') AS gross_cents`;

/** Who may see a sale: public ones to all, private ones to invited users (and admins: `$viewer` null with all). */
const VISIBLE = (viewer: string, all: string) =>
  `(s.kind = 'public' OR ${all} OR EXISTS (SELECT 1 FROM auction_sale_invites i WHERE i.sale_id = s.id AND i.user_id = ${viewer}))`;

const LOT_SORTS: Record<AuctionLotsQuery['sort'], string> = {
  closes_at: 'l.closes_at',
  price: 'coalesce(l.hammer_price_cents, l.price_cents, l.starting_bid_cents)',
  lot_no: 'l.lot_no',
  name: 'l.name',
};

/** The auction's tables: sales, invites, lots (auction_horses), bids and sales contracts. */
@Injectable()
export class AuctionRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // --- sales ------------------------------------------------------------------------------------

  async sales(
    viewer: { userId: number | null; all: boolean },
    filter: { kind?: SaleKind; status?: 'upcoming' | 'live' | 'closed'; limit: number; offset: number },
    now: Date,
  ): Promise<{ items: SaleRow[]; total: number }> {
    const params: unknown[] = [viewer.userId ?? 0, viewer.all];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = [VISIBLE('$1', '$2')];
    if (filter.kind) where.push(`s.kind = ${add(filter.kind)}`);
    const open = `EXISTS (SELECT 1 FROM auction_horses l WHERE l.sale_id = s.id AND l.status = 'open')`;
    if (filter.status === 'upcoming') where.push(`s.opens_at > ${add(now)}`);
    if (filter.status === 'live') where.push(`s.opens_at <= ${add(now)} AND ${open}`);
    if (filter.status === 'closed') where.push(`NOT ${open}`);
    const countParams = [...params];
    const [items, counted]: [SaleRow[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${SALE_COLUMNS} FROM auction_sales s WHERE ${where.join(' AND ')}
          ORDER BY s.first_close_at DESC, s.id DESC LIMIT ${add(filter.limit)} OFFSET ${add(filter.offset)}`,
        params,
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM auction_sales s WHERE ${where.join(' AND ')}`,
        countParams,
      ),
    ]);
    return { items, total: counted[0]?.total ?? 0 };
  }

  async sale(id: number, db: Db = this.dataSource): Promise<SaleRow | undefined> {
    const [row]: SaleRow[] = await db.query(`SELECT ${SALE_COLUMNS} FROM auction_sales s WHERE s.id = $1`, [id]);
    return row;
  }

  async insertSale(
    m: EntityManager,
    sale: { name: string; kind: SaleKind; description: string; opens_at: Date; first_close_at: Date; house: boolean },
    createdBy: number | null,
  ): Promise<number> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO auction_sales (name, kind, description, opens_at, first_close_at, house, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [sale.name, sale.kind, sale.description, sale.opens_at, sale.first_close_at, sale.house, createdBy],
    );
    return (row as { id: number }).id;
  }

  async invite(m: EntityManager, saleId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await m.query(
      `INSERT INTO auction_sale_invites (sale_id, user_id) SELECT $1, u FROM unnest($2::int[]) AS u ON CONFLICT DO NOTHING`,
      [saleId, [...new Set(userIds)]],
    );
  }

  /** The public sale that takes consignments: the latest one still open whose bidding has begun or is to begin. */
  async consignableSale(m: EntityManager, now: Date): Promise<SaleRow | undefined> {
    const [row]: SaleRow[] = await m.query(
      `SELECT ${SALE_COLUMNS} FROM auction_sales s
        WHERE s.kind = 'public'
          AND EXISTS (SELECT 1 FROM auction_horses l WHERE l.sale_id = s.id AND l.status = 'open' AND l.closes_at > $1)
        ORDER BY s.first_close_at DESC, s.id DESC LIMIT 1 FOR UPDATE OF s`,
      [now],
    );
    return row;
  }

  /** Whether a house sale still has a lot open (or is yet to open). */
  async houseSaleRunning(db: Db = this.dataSource): Promise<boolean> {
    const rows = await db.query(
      `SELECT 1 FROM auction_sales s JOIN auction_horses l ON l.sale_id = s.id WHERE s.house AND l.status = 'open' LIMIT 1`,
    );
    return rows.length > 0;
  }

  // --- lots -------------------------------------------------------------------------------------

  async lots(
    viewer: { userId: number | null; all: boolean },
    q: AuctionLotsQuery,
  ): Promise<{ items: LotRow[]; total: number }> {
    const params: unknown[] = [viewer.userId ?? 0, viewer.all];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = ['l.sale_id IS NOT NULL', VISIBLE('$1', '$2')];
    if (q.sale_id !== undefined) where.push(`l.sale_id = ${add(q.sale_id)}`);
    if (q.kind) where.push(`s.kind = ${add(q.kind)}`);
    if (q.status === 'closed') where.push(`l.status <> 'open'`);
    else if (q.status === 'live' || q.status === 'open' || q.status === 'upcoming') where.push(`l.status = 'open'`);
    else if (q.status) where.push(`l.status = ${add(q.status)}`);
    if (q.breed) where.push(`lower(l.breed) = lower(${add(q.breed)})`);
    if (q.age_min !== undefined) where.push(`l.age >= ${add(q.age_min)}`);
    if (q.age_max !== undefined) where.push(`l.age <= ${add(q.age_max)}`);
    const price = 'coalesce(l.hammer_price_cents, l.price_cents, l.starting_bid_cents)';
    if (q.price_min !== undefined) where.push(`${price} >= ${add(q.price_min)}`);
    if (q.price_max !== undefined) where.push(`${price} <= ${add(q.price_max)}`);
    if (q.q) where.push(`l.name ILIKE ${add(`%${q.q.replace(/[\\%_]/g, '\\$&')}%`)}`);
    const from = `auction_horses l JOIN auction_sales s ON s.id = l.sale_id WHERE ${where.join(' AND ')}`;
    const order = `${LOT_SORTS[q.sort]} ${q.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, l.id`;
    const countParams = [...params];
    const [items, counted]: [LotRow[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${LOT_COLUMNS} FROM ${from} ORDER BY ${order} LIMIT ${add(q.limit)} OFFSET ${add(q.offset)}`,
        params,
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM ${from}`, countParams),
    ]);
    return { items, total: counted[0]?.total ?? 0 };
  }

  async lot(id: number, db: Db = this.dataSource): Promise<LotRow | undefined> {
    const [row]: LotRow[] = await db.query(
      `SELECT ${LOT_COLUMNS} FROM auction_horses l LEFT JOIN auction_sales s ON s.id = l.sale_id WHERE l.id = $1`,
      [id],
    );
    return row;
  }

  /** The lot locked for the caller's transaction: the one writer of its price, leader and close. */
  async lockLot(m: EntityManager, id: number): Promise<LotRow | undefined> {
    const [row]: LotRow[] = await m.query(
      `SELECT ${LOT_COLUMNS} FROM auction_horses l LEFT JOIN auction_sales s ON s.id = l.sale_id
        WHERE l.id = $1 FOR UPDATE OF l`,
      [id],
    );
    return row;
  }

  async lotsById(ids: readonly number[], db: Db = this.dataSource): Promise<LotRow[]> {
    if (ids.length === 0) return [];
    return db.query(
      `SELECT ${LOT_COLUMNS} FROM auction_horses l LEFT JOIN auction_sales s ON s.id = l.sale_id WHERE l.id = ANY($1::int[])`,
      [[...ids]],
    );
  }

  /** Whether a viewer may see the lot's sale (public, invited, or an admin). */
  async visible(
    lot: LotRow,
    viewer: { userId: number | null; all: boolean },
    db: Db = this.dataSource,
  ): Promise<boolean> {
    if (lot.sale_kind !== 'private' || viewer.all) return true;
    if (viewer.userId === null) return false;
    const rows = await db.query('SELECT 1 FROM auction_sale_invites WHERE sale_id = $1 AND user_id = $2', [
      lot.sale_id,
      viewer.userId,
    ]);
    return rows.length > 0;
  }

  async insertLot(
    m: EntityManager,
    lot: {
      horse_id: number;
      name: string;
      breed: string;
      age: number;
      image: string | null;
      description: string;
      starting_bid_cents: number;
      reserve_cents: number | null;
      sale_id: number;
      lot_no: number;
      seller_user_id: number | null;
      closes_at: Date;
    },
  ): Promise<number> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO auction_horses (horse_id, name, breed, age, image, description, starting_bid_cents, reserve_cents,
                                   sale_id, lot_no, seller_user_id, closes_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 'open') RETURNING id`,
      [
        lot.horse_id,
        lot.name,
        lot.breed,
        lot.age,
        lot.image,
        lot.description,
        lot.starting_bid_cents,
        lot.reserve_cents,
        lot.sale_id,
        lot.lot_no,
        lot.seller_user_id,
        lot.closes_at,
      ],
    );
    return (row as { id: number }).id;
  }

  /** Catalogued lots waiting for a sale (the seed's), oldest first. */
  async catalogued(m: EntityManager, limit: number): Promise<LotRow[]> {
    return m.query(
      `SELECT ${LOT_COLUMNS} FROM auction_horses l LEFT JOIN auction_sales s ON s.id = l.sale_id
        WHERE l.sale_id IS NULL AND l.horse_id IS NOT NULL ORDER BY l.id LIMIT $1 FOR UPDATE OF l SKIP LOCKED`,
      [limit],
    );
  }

  async placeInSale(m: EntityManager, lotId: number, saleId: number, lotNo: number, closesAt: Date): Promise<void> {
    await m.query(
      `UPDATE auction_horses SET sale_id = $2, lot_no = $3, closes_at = $4, status = 'open' WHERE id = $1`,
      [lotId, saleId, lotNo, closesAt],
    );
  }

  /** The horses in a sale now (open lots), or waiting for one. */
  async horsesInSales(m: Db, horseIds?: readonly number[]): Promise<number[]> {
    const rows: { horse_id: number }[] = await m.query(
      `SELECT horse_id FROM auction_horses
        WHERE horse_id IS NOT NULL AND (status = 'open' OR sale_id IS NULL)
          AND ($1::int[] IS NULL OR horse_id = ANY($1::int[]))`,
      [horseIds ? [...horseIds] : null],
    );
    return rows.map((r) => r.horse_id);
  }

  /** When the horse was last bought at auction, if it was. */
  async lastBought(m: Db, horseId: number): Promise<Date | null> {
    const [row]: { at: Date | null }[] = await m.query(
      `SELECT max(hammered_at) AS at FROM auction_horses WHERE horse_id = $1 AND status = 'sold'`,
      [horseId],
    );
    return row?.at ?? null;
  }

  async nextLotNo(m: EntityManager, saleId: number): Promise<{ lot_no: number; last_close: Date | null }> {
    const [row]: { lot_no: number; last_close: Date | null }[] = await m.query(
      `SELECT coalesce(max(lot_no), 0)::int + 1 AS lot_no, max(closes_at) AS last_close FROM auction_horses WHERE sale_id = $1`,
      [saleId],
    );
    return row ?? { lot_no: 1, last_close: null };
  }

  /** Lots still open whose close has passed: the hammer is due. */
  async dueLots(now: Date, limit = 100): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM auction_horses WHERE status = 'open' AND closes_at <= $1 ORDER BY closes_at LIMIT $2`,
      [now, limit],
    );
    return rows.map((r) => r.id);
  }

  /** The lot's standing state after a bid, under its lock. */
  async saveStanding(
    m: EntityManager,
    id: number,
    s: { price_cents: number; leader_user_id: number; leader_max_cents: number; closes_at: Date; extended: boolean },
  ): Promise<void> {
    await m.query(
      `UPDATE auction_horses SET price_cents = $2, leader_user_id = $3, leader_max_cents = $4, closes_at = $5,
              bids_count = bids_count + 1, extensions = extensions + CASE WHEN $6 THEN 1 ELSE 0 END
        WHERE id = $1`,
      [id, s.price_cents, s.leader_user_id, s.leader_max_cents, s.closes_at, s.extended],
    );
  }

  async closeLot(
    m: EntityManager,
    id: number,
    outcome: { status: LotStatus; hammer_price_cents: number | null; buyer_user_id: number | null; at: Date },
  ): Promise<void> {
    await m.query(
      `UPDATE auction_horses SET status = $2, hammer_price_cents = $3, buyer_user_id = $4, hammered_at = $5 WHERE id = $1`,
      [id, outcome.status, outcome.hammer_price_cents, outcome.buyer_user_id, outcome.at],
    );
  }

  /**
   * The latest public sales' lots that sold for more than any public lot before them (the first
   * sale sets no record), newest first, among the last `limit` lots sold.
   */
  async recordSales(limit: number): Promise<RecordSaleRow[]> {
    const rows: (Omit<RecordSaleRow, 'previous_record_cents'> & { previous_record_cents: number | null })[] =
      await this.dataSource.query(
        `SELECT l.id AS lot_id, l.name, s.name AS sale_name, l.hammer_price_cents, l.hammered_at,
                (SELECT max(p.hammer_price_cents) FROM auction_horses p JOIN auction_sales ps ON ps.id = p.sale_id
                  WHERE p.status = 'sold' AND ps.kind = 'public'
                    AND (p.hammered_at, p.id) < (l.hammered_at, l.id)) AS previous_record_cents
           FROM auction_horses l JOIN auction_sales s ON s.id = l.sale_id
          WHERE l.status = 'sold' AND s.kind = 'public'
          ORDER BY l.hammered_at DESC, l.id DESC
          LIMIT $1`,
        [limit],
      );
    return rows.flatMap((r) =>
      r.previous_record_cents !== null && r.hammer_price_cents > Number(r.previous_record_cents)
        ? [{ ...r, previous_record_cents: Number(r.previous_record_cents), hammered_at: new Date(r.hammered_at) }]
        : [],
    );
  }

  // --- bids -------------------------------------------------------------------------------------

  async bidByKey(m: Db, userId: number, key: string): Promise<BidRow | undefined> {
    const [row]: BidRow[] = await m.query(
      `SELECT id, lot_id, user_id, kind, max_cents, price_after_cents, leader_after, created_at
         FROM auction_bids WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  async insertBid(
    m: EntityManager,
    bid: Omit<BidRow, 'id' | 'created_at'> & { idempotency_key: string; created_at: Date },
  ): Promise<number> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO auction_bids (lot_id, user_id, kind, max_cents, price_after_cents, leader_after, idempotency_key, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        bid.lot_id,
        bid.user_id,
        bid.kind,
        bid.max_cents,
        bid.price_after_cents,
        bid.leader_after,
        bid.idempotency_key,
        bid.created_at,
      ],
    );
    return (row as { id: number }).id;
  }

  /** A lot's accepted bids in the order they were decided. */
  async bidsOf(lotId: number, db: Db = this.dataSource): Promise<BidRow[]> {
    return db.query(
      `SELECT id, lot_id, user_id, kind, max_cents, price_after_cents, leader_after, created_at
         FROM auction_bids WHERE lot_id = $1 ORDER BY id`,
      [lotId],
    );
  }

  /** Each bidder's best maximum on the lot, the two highest (equal ones: the earlier first): all a price needs. */
  async topMaxima(m: EntityManager, lotId: number): Promise<BidRow[]> {
    return m.query(
      `SELECT * FROM (
         SELECT DISTINCT ON (user_id) id, lot_id, user_id, kind, max_cents, price_after_cents, leader_after, created_at
           FROM auction_bids WHERE lot_id = $1 ORDER BY user_id, max_cents DESC, id
       ) best ORDER BY max_cents DESC, id LIMIT 2`,
      [lotId],
    );
  }

  /** The newest steps of a lot's price. */
  async history(lotId: number, limit: number): Promise<BidRow[]> {
    return this.dataSource.query(
      `SELECT id, lot_id, user_id, kind, max_cents, price_after_cents, leader_after, created_at
         FROM auction_bids WHERE lot_id = $1 ORDER BY id DESC LIMIT $2`,
      [lotId, limit],
    );
  }

  /** Per lot the user bid on: their highest maximum (newest lots first). */
  async maximaOf(userId: number, limit = 200): Promise<{ lot_id: number; max_cents: number }[]> {
    return this.dataSource.query(
      `SELECT lot_id, max(max_cents)::float8 AS max_cents FROM auction_bids WHERE user_id = $1
        GROUP BY lot_id ORDER BY lot_id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /** The user's standing maximum on each of these lots. */
  async maximaOn(userId: number, lotIds: readonly number[]): Promise<Map<number, number>> {
    if (lotIds.length === 0) return new Map();
    const rows: { lot_id: number; max_cents: number }[] = await this.dataSource.query(
      `SELECT lot_id, max(max_cents)::float8 AS max_cents FROM auction_bids WHERE user_id = $1 AND lot_id = ANY($2::int[])
        GROUP BY lot_id`,
      [userId, [...lotIds]],
    );
    return new Map(rows.map((r) => [r.lot_id, r.max_cents]));
  }
}
