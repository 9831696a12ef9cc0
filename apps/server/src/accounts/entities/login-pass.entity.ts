import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from './user.entity';

/**
 * A pass (QR) login: the waiting device shows its id; a device where the user is logged in approves
 * it; the waiting device then gets a session once. Ids and the waiter's secret are stored hashed.
 */
@Entity('login_passes')
@Check('ck_login_passes_status', "status IN ('pending', 'approved', 'denied', 'consumed')")
export class LoginPass {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Index('ux_login_passes_pass_hash', { unique: true })
  @Column({ type: 'text' })
  pass_hash: string;

  // The waiting browser holds the secret in an httpOnly cookie: seeing the QR code is not enough.
  @Column({ type: 'text' })
  waiter_hash: string;

  @Column({ type: 'text', default: 'pending' })
  status: 'pending' | 'approved' | 'denied' | 'consumed';

  @Column({ type: 'timestamptz' })
  created_at: Date;

  @Index('ix_login_passes_expires_at')
  @Column({ type: 'timestamptz' })
  expires_at: Date;

  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'timestamptz', nullable: true })
  approved_at: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  consumed_at: Date | null;

  @Column({ type: 'text', nullable: true })
  requester_ip: string | null;

  @Column({ type: 'text', nullable: true })
  requester_user_agent: string | null;
}
