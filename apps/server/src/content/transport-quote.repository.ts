import type { TransportQuoteLine, TransportService } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

type Db = EntityManager | DataSource;

/** A stored transport quote request, as its row holds it. */
export interface TransportQuoteRow {
  id: number;
  user_id: number;
  from_place: string;
  to_place: string;
  distance_km: number;
  horses: number;
  service: TransportService;
  travel_date: string;
  attendant: boolean;
  insurance: boolean;
  horse_name: string | null;
  notes: string | null;
  quote_cents: number;
  quote_lines: TransportQuoteLine[];
  created_at: Date;
}

export type NewTransportQuote = Omit<TransportQuoteRow, 'id' | 'created_at'>;

const COLUMNS = `id, user_id, from_place, to_place, distance_km, horses, service, to_char(travel_date, 'YYYY-MM-DD') AS travel_date,
  attendant, insurance, horse_name, notes, quote_cents, quote_lines, created_at`;

/** The content module's transport_quote_requests. */
@Injectable()
export class TransportQuoteRepository {
  constructor(@Inject(DataSource) readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction, holding the user's lock on their quote requests. */
  inUserLock<T>(userId: number, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`transport-quotes:user:${userId}`]);
      return work(m);
    });
  }

  async countSince(db: Db, userId: number, since: Date): Promise<number> {
    const [row]: { n: number }[] = await db.query(
      'SELECT count(*)::int AS n FROM transport_quote_requests WHERE user_id = $1 AND created_at >= $2',
      [userId, since],
    );
    return row?.n ?? 0;
  }

  async insert(db: Db, q: NewTransportQuote): Promise<TransportQuoteRow> {
    const [row]: TransportQuoteRow[] = await db.query(
      `INSERT INTO transport_quote_requests (user_id, from_place, to_place, distance_km, horses, service, travel_date,
                                             attendant, insurance, horse_name, notes, quote_cents, quote_lines)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       RETURNING ${COLUMNS}`,
      [
        q.user_id,
        q.from_place,
        q.to_place,
        q.distance_km,
        q.horses,
        q.service,
        q.travel_date,
        q.attendant,
        q.insurance,
        q.horse_name,
        q.notes,
        q.quote_cents,
        JSON.stringify(q.quote_lines),
      ],
    );
    if (!row) throw new Error('transport quote request not stored');
    return row;
  }

  /** A user's requests, newest first. */
  ofUser(userId: number, limit: number, db: Db = this.dataSource): Promise<TransportQuoteRow[]> {
    return db.query(
      `SELECT ${COLUMNS} FROM transport_quote_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
  }
}
