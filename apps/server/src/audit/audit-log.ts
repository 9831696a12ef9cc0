import type { AuditEntry, AuditPage, AuditQuery } from '@furlong/contracts';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { InvalidRequestException, refusalMessage } from '../common/api-error';
import type { AuditContext } from './audit-context';

/** A write to record: what, on which row, the row before and after (null: created / deleted). */
export interface AuditedChange {
  action: string;
  table: string;
  rowId: number | string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Keys whose values never reach the audit log: password hashes, tokens, session ids, secrets. */
const SECRET_KEY = /pass(word)?|secret|token|session|hash|csrf|api_?key/i;
export const MASK = '***';

/** A row as the audit log keeps it: every secret's value masked, at any depth. */
export function maskSecrets(row: Record<string, unknown> | null): Record<string, unknown> | null {
  if (row === null) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_KEY.test(key)) out[key] = MASK;
    else if (value instanceof Date) out[key] = value.toISOString();
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = maskSecrets(value as Record<string, unknown>);
    } else out[key] = value;
  }
  return out;
}

interface AuditRowDb {
  id: string;
  at: Date;
  actor_user_id: number | null;
  actor_username: string;
  ip: string;
  request_id: string;
  action: string;
  table_name: string;
  row_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  result: 'ok' | 'refused';
  reason: string | null;
}

/**
 * The audit log (issue 21): every administrative write, recorded by the module that makes it in
 * the same transaction as the change (so a change and its record stand or fall together), and every
 * refusal of one in a transaction of its own. The table is append-only: its migration's trigger
 * refuses UPDATE and DELETE, whoever asks.
 */
@Injectable()
export class AuditLog {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Records a change made in the transaction of `m`; resolves the entry's id. */
  async record(m: EntityManager, ctx: AuditContext, change: AuditedChange, reservedId?: number): Promise<number> {
    return this.insert(m, ctx, change, 'ok', null, reservedId);
  }

  /**
   * An id for an entry written later in the transaction, for a change that must point at its entry
   * before the entry can say how it ended (a wallet adjustment's ledger reference).
   */
  async reserveId(m: EntityManager): Promise<number> {
    const [row]: { id: string }[] = await m.query(`SELECT nextval(pg_get_serial_sequence('audit_log', 'id')) AS id`);
    return Number(row?.id);
  }

  /**
   * Runs an admin's write; when a rule refuses it (a 400 or a 409), the refusal is audited in a
   * transaction of its own and thrown on. The write audits its success itself, in its transaction.
   */
  async refusalsOf<T>(ctx: AuditContext, change: Omit<AuditedChange, 'after'>, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (err instanceof InvalidRequestException || err instanceof ConflictException) {
        await this.refused(ctx, change, refusalMessage(err));
      }
      throw err;
    }
  }

  /** Records a write that was refused (nothing changed), with why. */
  async refused(ctx: AuditContext, change: Omit<AuditedChange, 'after'>, reason: string): Promise<number> {
    return this.insert(this.dataSource.manager, ctx, { ...change, after: null }, 'refused', reason);
  }

  private async insert(
    m: EntityManager,
    ctx: AuditContext,
    change: AuditedChange,
    result: 'ok' | 'refused',
    reason: string | null,
    reservedId?: number,
  ): Promise<number> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO audit_log (id, actor_user_id, actor_username, ip, request_id, action, table_name, row_id, before, after, result, reason)
       VALUES (COALESCE($12::bigint, nextval(pg_get_serial_sequence('audit_log', 'id'))), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       RETURNING id`,
      [
        ctx.actorUserId,
        ctx.actorUsername,
        ctx.ip,
        ctx.requestId,
        change.action,
        change.table,
        String(change.rowId),
        JSON.stringify(maskSecrets(change.before)),
        JSON.stringify(maskSecrets(change.after)),
        result,
        reason,
        reservedId ?? null,
      ],
    );
    return Number(rows[0]?.id);
  }

  /** GET /api/admin/audit: newest first, filtered by table, action or actor. */
  async page(q: AuditQuery): Promise<AuditPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.table_name !== undefined) where.push(`table_name = $${params.push(q.table_name)}`);
    if (q.action !== undefined) where.push(`action = $${params.push(q.action)}`);
    if (q.actor_user_id !== undefined) where.push(`actor_user_id = $${params.push(q.actor_user_id)}`);
    const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const rows: AuditRowDb[] = await this.dataSource.query(
      `SELECT id, at, actor_user_id, actor_username, ip, request_id, action, table_name, row_id, before, after, result, reason
         FROM audit_log ${filter} ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, q.offset],
    );
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_log ${filter}`,
      params,
    );
    return { items: rows.map(toEntry), total: n, limit: q.limit, offset: q.offset };
  }

  /** The latest entry of an action (of one request, when given). */
  async latest(action: string, requestId?: string): Promise<AuditEntry | undefined> {
    const rows: AuditRowDb[] = await this.dataSource.query(
      `SELECT id, at, actor_user_id, actor_username, ip, request_id, action, table_name, row_id, before, after, result, reason
         FROM audit_log WHERE action = $1 AND ($2::text IS NULL OR request_id = $2)
        ORDER BY at DESC, id DESC LIMIT 1`,
      [action, requestId ?? null],
    );
    return rows[0] && toEntry(rows[0]);
  }

  /** The reasons of these entries (for the wallet's words of an adjustment): id → reason text in `after`. */
  async adjustmentReasons(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; reason: string | null }[] = await this.dataSource.query(
      `SELECT id, after->>'reason' AS reason FROM audit_log WHERE id = ANY($1::bigint[])`,
      [[...ids]],
    );
    return new Map(rows.flatMap((r) => (r.reason ? [[Number(r.id), r.reason] as [number, string]] : [])));
  }
}

function toEntry(r: AuditRowDb): AuditEntry {
  return {
    id: Number(r.id),
    at: new Date(r.at).toISOString(),
    actor_user_id: r.actor_user_id,
    actor_username: r.actor_username,
    ip: r.ip,
    request_id: r.request_id,
    action: r.action,
    table_name: r.table_name,
    row_id: r.row_id,
    before: r.before,
    after: r.after,
    result: r.result,
    reason: r.reason,
  };
}
