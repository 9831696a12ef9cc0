import type { UserRole } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface SessionRow {
  id: number;
  user_id: number;
  login_date: Date;
  last_seen_at: Date;
  login_status: 'active' | 'inactive';
  logout_reason: 'logout' | 'idle' | 'max_age' | 'revoked' | null;
  username: string;
  email: string;
  role: UserRole;
}

export interface NewSession {
  userId: number;
  email: string;
  idHash: string;
  at: Date;
  ip: string | null;
  userAgent: string | null;
}

export type EndReason = 'logout' | 'idle' | 'max_age' | 'revoked';

/** The sessions table (spec §3): session_id holds a SHA-256 of the cookie value, never the value. */
@Injectable()
export class SessionRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, s: NewSession): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO sessions (user_id, email, session_id, login_date, last_seen_at, login_status, user_agent, ip)
       VALUES ($1, $2, $3, $4, $4, 'active', $5, $6) RETURNING id`,
      [s.userId, s.email, s.idHash, s.at, s.userAgent?.slice(0, 400) ?? null, s.ip],
    );
    return (rows[0] as { id: number }).id;
  }

  async findByIdHash(idHash: string): Promise<SessionRow | undefined> {
    const rows: SessionRow[] = await this.dataSource.query(
      `SELECT s.id, s.user_id, s.login_date, s.last_seen_at, s.login_status, s.logout_reason,
              u.username, u.email, u.role
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.session_id = $1`,
      [idHash],
    );
    return rows[0];
  }

  async findActiveById(id: number): Promise<{ login_date: Date; last_seen_at: Date } | undefined> {
    const rows: { login_date: Date; last_seen_at: Date }[] = await this.dataSource.query(
      `SELECT login_date, last_seen_at FROM sessions WHERE id = $1 AND login_status = 'active'`,
      [id],
    );
    return rows[0];
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND login_status = 'active' AND last_seen_at < $2`,
      [id, at],
    );
  }

  /** Ends a session (if still active); logout_date is when it really ended. */
  async end(id: number, reason: EndReason, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions SET login_status = 'inactive', logout_date = $3, logout_reason = $2
        WHERE id = $1 AND login_status = 'active'`,
      [id, reason, at],
    );
  }

  async endAllOfUser(
    manager: EntityManager,
    userId: number,
    reason: EndReason,
    at: Date,
    except?: number,
  ): Promise<void> {
    await manager.query(
      `UPDATE sessions SET login_status = 'inactive', logout_date = $3, logout_reason = $2
        WHERE user_id = $1 AND login_status = 'active' AND id <> $4`,
      [userId, reason, at, except ?? 0],
    );
  }
}
