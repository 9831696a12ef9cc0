import type { OutboxMail, OutboxStatus } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A mail to queue: where it goes, what it says, and the form row it came from. */
export interface NewOutboxMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  purpose: 'office' | 'confirmation';
  sourceKind: OutboxMail['source']['kind'];
  sourceId: number;
}

/** A due mail as the sender reads it (its row locked). */
export interface DueMail {
  id: number;
  to_address: string;
  reply_to: string | null;
  subject: string;
  body_text: string;
  attempts: number;
}

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  purpose: OutboxMail['purpose'];
  source_kind: OutboxMail['source']['kind'];
  source_id: number;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  created_at: Date;
}

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The content module's outbox_mails. */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Queues mails in the caller's transaction (the one that stores their form), due at once. */
  async queue(m: EntityManager, mails: readonly NewOutboxMail[], at: Date): Promise<void> {
    for (const mail of mails) {
      await m.query(
        `INSERT INTO outbox_mails (to_address, reply_to, subject, body_text, purpose, source_kind, source_id,
                                   status, attempts, next_attempt_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', 0, $8, $8)`,
        [mail.to, mail.replyTo, mail.subject, mail.text, mail.purpose, mail.sourceKind, mail.sourceId, at],
      );
    }
  }

  /**
   * Runs `work` on the next due mail in a transaction that holds its row locked; a mail another
   * sender holds is skipped (FOR UPDATE SKIP LOCKED), so each due mail is sent by one of them.
   * Resolves false when no mail is due.
   */
  withNextDue(at: Date, work: (m: EntityManager, mail: DueMail) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [mail]: DueMail[] = await m.query(
        `SELECT id, to_address, reply_to, subject, body_text, attempts FROM outbox_mails
          WHERE status = 'queued' AND next_attempt_at <= $1
          ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [at],
      );
      if (!mail) return false;
      await work(m, mail);
      return true;
    });
  }

  async markSent(m: EntityManager, id: number, at: Date, messageId: string): Promise<void> {
    await m.query(
      `UPDATE outbox_mails SET status = 'sent', attempts = attempts + 1, last_attempt_at = $2, sent_at = $2,
              next_attempt_at = NULL, message_id = $3
        WHERE id = $1 AND status = 'queued'`,
      [id, at, messageId],
    );
  }

  /** A failed attempt: tried again at `retryAt`, or failed for good when that is null. */
  async markAttemptFailed(m: EntityManager, id: number, at: Date, error: string, retryAt: Date | null): Promise<void> {
    await m.query(
      `UPDATE outbox_mails SET attempts = attempts + 1, last_attempt_at = $2, last_error = $3,
              status = CASE WHEN $4::timestamptz IS NULL THEN 'failed' ELSE 'queued' END, next_attempt_at = $4
        WHERE id = $1 AND status = 'queued'`,
      [id, at, error, retryAt],
    );
  }

  /** A page of the outbox, newest first, and the count of every mail by status. */
  async page(
    status: OutboxStatus | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: OutboxMail[]; total: number; counts: Record<OutboxStatus, number> }> {
    const rows: OutboxRow[] = await this.dataSource.query(
      `SELECT id, to_address, subject, purpose, source_kind, source_id, status, attempts, next_attempt_at,
              last_attempt_at, last_error, sent_at, created_at
         FROM outbox_mails WHERE $1::text IS NULL OR status = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [status ?? null, limit, offset],
    );
    const byStatus: { status: OutboxStatus; n: number }[] = await this.dataSource.query(
      'SELECT status, count(*)::int AS n FROM outbox_mails GROUP BY status',
    );
    const counts = { queued: 0, sent: 0, failed: 0 };
    for (const s of byStatus) counts[s.status] = s.n;
    const total = status ? counts[status] : counts.queued + counts.sent + counts.failed;
    return {
      items: rows.map((r) => ({
        id: r.id,
        to: r.to_address,
        subject: r.subject,
        purpose: r.purpose,
        source: { kind: r.source_kind, id: r.source_id },
        status: r.status,
        attempts: r.attempts,
        next_attempt_at: r.status === 'queued' ? iso(r.next_attempt_at) : null,
        last_attempt_at: iso(r.last_attempt_at),
        last_error: r.last_error,
        sent_at: iso(r.sent_at),
        created_at: new Date(r.created_at).toISOString(),
      })),
      total,
      counts,
    };
  }
}
