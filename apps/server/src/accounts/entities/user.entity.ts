import { Check, Column, CreateDateColumn, Entity, Generated, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('users')
@Check('ck_users_role', "role IN ('user', 'operator', 'admin')")
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'uuid', unique: true })
  @Generated('uuid')
  uuid: string;

  @Column({ type: 'text', unique: true })
  username: string;

  // Stored lower-cased by the accounts service, so the unique index is case-insensitive.
  @Column({ type: 'text', unique: true })
  email: string;

  @Column({ type: 'text', select: false })
  password_hash: string;

  @Column({ type: 'text', nullable: true })
  full_name: string | null;

  @Index('ix_users_role')
  @Column({ type: 'text', default: 'user' })
  role: 'user' | 'operator' | 'admin';

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  /** Set by an admin: the account cannot log in until it is cleared. */
  @Column({ type: 'timestamptz', nullable: true })
  disabled_at: Date | null;

  /** Deleted by an admin (soft: its bets and ledger stay); it can never log in again. */
  @Column({ type: 'timestamptz', nullable: true })
  deleted_at: Date | null;
}
