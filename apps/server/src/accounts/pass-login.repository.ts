import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface PassRow {
  id: number;
  waiter_hash: string;
  status: 'pending' | 'approved' | 'denied' | 'consumed';
  created_at: Date;
  expires_at: Date;
  user_id: number | null;
  approved_at: Date | null;
  requester_ip: string | null;
  requester_user_agent: string | null;
}

/** login_passes: pass (QR) logins. Each state change is one conditional UPDATE, so a pass moves once. */
@Injectable()
export class PassLoginRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(p: {
    passHash: string;
    waiterHash: string;
    at: Date;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO login_passes (pass_hash, waiter_hash, status, created_at, expires_at, requester_ip, requester_user_agent)
       VALUES ($1, $2, 'pending', $3, $4, $5, $6)`,
      [p.passHash, p.waiterHash, p.at, p.expiresAt, p.ip, p.userAgent?.slice(0, 400) ?? null],
    );
  }

  async find(passHash: string): Promise<PassRow | undefined> {
    const rows: PassRow[] = await this.dataSource.query(
      `SELECT id, waiter_hash, status, created_at, expires_at, user_id, approved_at, requester_ip, requester_user_agent
         FROM login_passes WHERE pass_hash = $1`,
      [passHash],
    );
    return rows[0];
  }

  /** pending → approved/denied, only while unexpired. True when this call moved it. */
  async decide(id: number, status: 'approved' | 'denied', userId: number, at: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH u AS (UPDATE login_passes SET status = $2, user_id = $3, approved_at = $4
                  WHERE id = $1 AND status = 'pending' AND expires_at > $4 RETURNING id)
       SELECT id FROM u`,
      [id, status, userId, at],
    );
    return rows.length > 0;
  }

  /** approved → consumed, once. */
  async consume(manager: EntityManager, id: number, at: Date): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `WITH u AS (UPDATE login_passes SET status = 'consumed', consumed_at = $2
                  WHERE id = $1 AND status = 'approved' RETURNING id)
       SELECT id FROM u`,
      [id, at],
    );
    return rows.length > 0;
  }

  async purgeExpiredBefore(at: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM login_passes WHERE expires_at < $1', [at]);
  }
}
