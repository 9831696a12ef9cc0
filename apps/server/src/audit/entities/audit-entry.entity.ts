import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One administrative write (issue 21): who, from where, in which request, what on which row, the row
 * before and after (secrets masked) and the result. Written in the transaction of the change it
 * records (a refusal in one of its own); append-only — a trigger of the migration refuses UPDATE and
 * DELETE.
 */
@Entity('audit_log')
@Index('ix_audit_log_at', ['at', 'id'])
@Index('ix_audit_log_table_row', ['table_name', 'row_id'])
@Check('ck_audit_log_result', "result IN ('ok', 'refused')")
export class AuditEntryRow {
  @PrimaryGeneratedColumn({ type: 'bigint', primaryKeyConstraintName: 'pk_audit_log' })
  id: string;

  @CreateDateColumn({ type: 'timestamptz' })
  at: Date;

  @Index('ix_audit_log_actor_user_id')
  @Column({ type: 'int', nullable: true })
  actor_user_id: number | null;

  @Column({ type: 'text' })
  actor_username: string;

  @Column({ type: 'text' })
  ip: string;

  @Column({ type: 'text' })
  request_id: string;

  /** What was done, e.g. `user.update`, `wallet.adjust`. */
  @Column({ type: 'text' })
  action: string;

  @Column({ type: 'text' })
  table_name: string;

  @Column({ type: 'text' })
  row_id: string;

  @Column({ type: 'jsonb', nullable: true })
  before: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  after: Record<string, unknown> | null;

  @Column({ type: 'text' })
  result: 'ok' | 'refused';

  /** Why a write was refused (null when it was made). */
  @Column({ type: 'text', nullable: true })
  reason: string | null;
}
