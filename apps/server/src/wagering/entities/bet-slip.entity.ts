import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from '../../accounts/entities/user.entity';

/**
 * One accepted POST /api/bets per user and idempotency key: the request's fingerprint and the
 * answer, so a replay gets the first answer and a different body under the same key is refused.
 */
@Entity('bet_slips')
@Index('ux_bet_slips_user_key', ['user_id', 'idempotency_key'], { unique: true })
export class BetSlip {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  idempotency_key: string;

  /** SHA-256 of the canonical request body. */
  @Column({ type: 'text' })
  request_hash: string;

  // json, not jsonb: a replay answers the first answer byte for byte (jsonb reorders keys).
  @Column({ type: 'json' })
  response: unknown;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;
}
