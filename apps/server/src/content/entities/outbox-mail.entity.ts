import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One mail waiting to leave, sent, or given up on: written in the transaction that stores its form,
 * sent by the `content.outbox` job (each due row locked, so it leaves once), retried with backoff.
 * The source is the form row it came from (an insurance quote or a message).
 */
@Entity('outbox_mails')
@Index('ix_outbox_mails_due', ['next_attempt_at', 'id'], { where: "status = 'queued'" })
@Index('ix_outbox_mails_created_at', ['created_at', 'id'])
@Check('ck_outbox_mails_status', "status IN ('queued', 'sent', 'failed')")
@Check('ck_outbox_mails_purpose', "purpose IN ('office', 'confirmation')")
@Check(
  'ck_outbox_mails_source_kind',
  "source_kind IN ('insurance_quote', 'contact', 'program', 'race', 'bug', 'feedback')",
)
@Check('ck_outbox_mails_attempts', 'attempts >= 0')
export class OutboxMailRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  to_address: string;

  /** Where a reply goes (the sender of a form, on the office's copy). */
  @Column({ type: 'text', nullable: true })
  reply_to: string | null;

  @Column({ type: 'text' })
  subject: string;

  @Column({ type: 'text' })
  body_text: string;

  @Column({ type: 'text' })
  purpose: string;

  @Column({ type: 'text' })
  source_kind: string;

  @Column({ type: 'int' })
  source_id: number;

  @Column({ type: 'text', default: 'queued' })
  status: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  next_attempt_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_attempt_at: Date | null;

  @Column({ type: 'text', nullable: true })
  last_error: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sent_at: Date | null;

  /** The transport's message id once sent. */
  @Column({ type: 'text', nullable: true })
  message_id: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
