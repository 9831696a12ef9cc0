import type { UserRole } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../common/prepared-query';
import { write } from '../common/write-result';

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

/**
 * How long (wall ms) this instance answers a session check from memory. Every authenticated
 * request checks its session, so this saves a database round trip per request under load. Changes
 * made here (touch, logout, revocation, profile edits) apply at once; one made on another instance
 * reaches this one within this time.
 */
export const SESSION_CACHE_MS = 1000;
const SESSION_CACHE_MAX = 20_000;

/** The sessions table (spec §3): session_id holds a SHA-256 of the cookie value, never the value. */
@Injectable()
export class SessionRepository {
  private readonly cache = new Map<string, { row: SessionRow; until: number }>();
  /** The cache's key (the id hash) of each cached session id. */
  private readonly cachedIds = new Map<number, string>();

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
    const now = Date.now();
    const cached = this.cache.get(idHash);
    if (cached && cached.until > now) return { ...cached.row };
    const rows: SessionRow[] = await preparedQuery(
      this.dataSource,
      `SELECT s.id, s.user_id, s.login_date, s.last_seen_at, s.login_status, s.logout_reason,
              u.username, u.email, u.role
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.session_id = $1`,
      [idHash],
    );
    const row = rows[0];
    if (cached) this.drop(idHash, cached.row.id);
    if (row?.login_status === 'active') {
      // Oldest first out: a Map keeps insertion order.
      const oldest = this.cache.entries().next().value;
      if (this.cache.size >= SESSION_CACHE_MAX && oldest) this.drop(oldest[0], oldest[1].row.id);
      this.cache.set(idHash, { row: { ...row }, until: now + SESSION_CACHE_MS });
      this.cachedIds.set(row.id, idHash);
    }
    return row;
  }

  /** Drops the cached check of a session, or of every session of a user. */
  forget(match: { id: number } | { userId: number }): void {
    if ('id' in match) {
      const key = this.cachedIds.get(match.id);
      if (key !== undefined) this.drop(key, match.id);
      return;
    }
    for (const [key, entry] of this.cache) if (entry.row.user_id === match.userId) this.drop(key, entry.row.id);
  }

  private drop(key: string, id: number): void {
    this.cache.delete(key);
    this.cachedIds.delete(id);
  }

  async findActiveById(id: number): Promise<{ login_date: Date; last_seen_at: Date } | undefined> {
    const rows: { login_date: Date; last_seen_at: Date }[] = await this.dataSource.query(
      `SELECT login_date, last_seen_at FROM sessions WHERE id = $1 AND login_status = 'active'`,
      [id],
    );
    return rows[0];
  }

  async touch(id: number, at: Date): Promise<void> {
    const key = this.cachedIds.get(id);
    const entry = key === undefined ? undefined : this.cache.get(key);
    if (entry) entry.row.last_seen_at = at;
    await this.dataSource.query(
      `UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND login_status = 'active' AND last_seen_at < $2`,
      [id, at],
    );
  }

  /** Ends a session (if still active); logout_date is when it really ended. */
  async end(id: number, reason: EndReason, at: Date): Promise<void> {
    this.forget({ id });
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
    this.forget({ userId });
    await manager.query(
      `UPDATE sessions SET login_status = 'inactive', logout_date = $3, logout_reason = $2
        WHERE user_id = $1 AND login_status = 'active' AND id <> $4`,
      [userId, reason, at, except ?? 0],
    );
  }

  /**
   * Sessions still marked active that can no longer be used — past their maximum age or idle
   * timeout (a session is ended when it is next presented, so an abandoned one stays marked), or
   * of an account disabled or deleted since — ended with the matching reason. Answers how many.
   */
  async endAbandoned(now: Date, idleMs: number, maxAgeMs: number): Promise<number> {
    const { rows: ended } = await write<{ id: number }>(
      this.dataSource,
      `UPDATE sessions s SET login_status = 'inactive', logout_date = $1::timestamptz,
              logout_reason = CASE
                WHEN EXISTS (SELECT 1 FROM users u
                              WHERE u.id = s.user_id AND (u.disabled_at IS NOT NULL OR u.deleted_at IS NOT NULL))
                  THEN 'revoked'
                WHEN s.login_date <= $1::timestamptz - make_interval(secs => $3) THEN 'max_age'
                ELSE 'idle' END
        WHERE s.login_status = 'active'
          AND (s.last_seen_at <= $1::timestamptz - make_interval(secs => $2)
               OR s.login_date <= $1::timestamptz - make_interval(secs => $3)
               OR EXISTS (SELECT 1 FROM users u
                           WHERE u.id = s.user_id AND (u.disabled_at IS NOT NULL OR u.deleted_at IS NOT NULL)))
        RETURNING s.id`,
      [now, idleMs / 1000, maxAgeMs / 1000],
    );
    for (const { id } of ended) this.forget({ id: Number(id) });
    return ended.length;
  }
}
