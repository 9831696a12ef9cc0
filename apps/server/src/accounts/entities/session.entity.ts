import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from './user.entity';

@Entity('sessions')
@Check('ck_sessions_login_status', "login_status IN ('active', 'inactive')")
@Check('ck_sessions_logout_reason', "logout_reason IN ('logout', 'idle', 'max_age', 'revoked')")
@Index('ix_sessions_user_status', ['user_id', 'login_status'])
export class Session {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  email: string;

  // A hash of the opaque cookie value: a leaked table does not yield live sessions.
  @Column({ type: 'text', unique: true })
  session_id: string;

  @Column({ type: 'timestamptz' })
  login_date: Date;

  @Column({ type: 'timestamptz', nullable: true })
  logout_date: Date | null;

  @Column({ type: 'text', default: 'active' })
  login_status: 'active' | 'inactive';

  @Column({ type: 'timestamptz' })
  last_seen_at: Date;

  // Why it ended: logout, idle (the inactivity limit), max_age, or revoked (e.g. the account changed).
  @Column({ type: 'text', nullable: true })
  logout_reason: 'logout' | 'idle' | 'max_age' | 'revoked' | null;

  @Column({ type: 'text', nullable: true })
  user_agent: string | null;

  @Column({ type: 'text', nullable: true })
  ip: string | null;
}
