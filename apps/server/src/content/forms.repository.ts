import type { InsuranceQuoteBody, MessageBody } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** How many forms one e-mail address and one client address sent since a moment, and the oldest of them. */
export interface RecentForms {
  byEmail: number;
  byIp: number;
  /** The oldest form counted, of either kind (when its hour ends, a place frees up). */
  oldestAt: Date | null;
}

/** The content module's form tables: insurance_quote_requests and contact_messages. */
@Injectable()
export class FormsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in one transaction holding the locks of this e-mail address and client address,
   * so two forms from one sender cannot both pass the limit. Locks are taken in sorted order (no deadlock).
   */
  inSenderLock<T>(email: string, ip: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(async (m) => {
      for (const key of [`forms:email:${email}`, `forms:ip:${ip}`].sort()) {
        await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
      }
      return work(m);
    });
  }

  async recent(m: EntityManager, email: string, ip: string, since: Date): Promise<RecentForms> {
    const [row]: { by_email: number; by_ip: number; oldest_at: Date | null }[] = await m.query(
      `WITH recent AS (
         SELECT email, client_ip, created_at FROM insurance_quote_requests
          WHERE created_at >= $3 AND (email = $1 OR client_ip = $2)
         UNION ALL
         SELECT email, client_ip, created_at FROM contact_messages
          WHERE created_at >= $3 AND (email = $1 OR client_ip = $2))
       SELECT count(*) FILTER (WHERE email = $1)::int AS by_email,
              count(*) FILTER (WHERE client_ip = $2)::int AS by_ip,
              min(created_at) AS oldest_at
         FROM recent`,
      [email, ip, since],
    );
    return { byEmail: row?.by_email ?? 0, byIp: row?.by_ip ?? 0, oldestAt: row?.oldest_at ?? null };
  }

  async insertQuote(m: EntityManager, q: InsuranceQuoteBody, ip: string, at: Date): Promise<number> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO insurance_quote_requests (
         first_name, last_name, phone, email, property_zip, name1_dob, home_year, length_ft, width_ft, in_park,
         private_land, street, space, city, state, purchase_price_cents, effective_date, garage_attached,
         garage_detached, garage_cash_value_cents, claims, owner_occupied, vacant_or_spec, rental, seasonal,
         course_of_construction, earthquake_coverage, flood_coverage, additional_coverage, client_ip, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22,
               $23, $24, $25, $26, $27, $28, $29, $30, $31)
       RETURNING id`,
      [
        q.firstName,
        q.lastName,
        q.phone,
        q.email,
        q.propertyZip,
        q.name1dob,
        q.homeYear,
        q.length,
        q.width,
        q.inPark,
        q.privateLand,
        q.street,
        q.space,
        q.city,
        q.state,
        q.purchasePrice * 100,
        q.effectiveDate,
        q.garageAttached,
        q.garageDetached,
        q.garageCashValue === null ? null : q.garageCashValue * 100,
        q.claims,
        q.ownerOccupied,
        q.vacantOrSpec,
        q.rental,
        q.seasonal,
        q.courseOfConstruction,
        q.earthquakeCoverage,
        q.floodCoverage,
        q.additionalCoverage,
        ip,
        at,
      ],
    );
    if (!row) throw new Error('insurance quote request not stored');
    return row.id;
  }

  async insertMessage(m: EntityManager, msg: MessageBody, ip: string, at: Date): Promise<number> {
    const [row]: { id: number }[] = await m.query(
      `INSERT INTO contact_messages (kind, name, email, subject, message, client_ip, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [msg.kind, msg.name, msg.email, msg.subject, msg.message, ip, at],
    );
    if (!row) throw new Error('message not stored');
    return row.id;
  }
}
