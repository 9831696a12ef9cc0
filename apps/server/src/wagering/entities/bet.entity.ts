import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { BetType } from '../../catalog/entities/bet-type.entity';
import { Track } from '../../catalog/entities/track.entity';
import { BetLeg } from './bet-leg.entity';
import { BetSelection } from './bet-selection.entity';

export const BET_STATUSES = ['pending', 'won', 'lost', 'refunded'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

/** One ticket: single-race or multi-race, straight, boxed or keyed. */
@Entity('bets')
@Check('ck_bets_status', "status IN ('pending', 'won', 'lost', 'refunded')")
@Check('ck_bets_amounts', 'amount_cents > 0 AND total_cents >= amount_cents AND payout_cents >= 0')
@Check('ck_bets_refunded', 'refunded_cents >= 0 AND refunded_cents <= total_cents')
@Index('ix_bets_user_bet_date', ['user_id', 'bet_date'])
@Index('ux_bets_user_idempotency', ['user_id', 'idempotency_key', 'slip_index'], { unique: true })
export class Bet {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Index('ix_bets_bet_type_id')
  @Column({ type: 'int' })
  bet_type_id: number;

  @ManyToOne(() => BetType)
  @JoinColumn({ name: 'bet_type_id' })
  bet_type?: Relation<BetType>;

  @Index('ix_bets_track_id')
  @Column({ type: 'int', nullable: true })
  track_id: number | null;

  @ManyToOne(() => Track, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'track_id' })
  track?: Relation<Track>;

  /** Base amount per combination. */
  @Column({ type: 'int' })
  amount_cents: number;

  /** What the ticket cost: combinations × base amount. */
  @Column({ type: 'bigint' })
  total_cents: number;

  @Column({ type: 'int', default: 1 })
  combinations: number;

  @Column({ type: 'boolean', default: false })
  box: boolean;

  @Index('ix_bets_status')
  @Column({ type: 'text', default: 'pending' })
  status: BetStatus;

  @Column({ type: 'bigint', default: 0 })
  payout_cents: number;

  /** What scratches refunded of the ticket (its combinations naming a scratched runner). */
  @Column({ type: 'bigint', default: 0 })
  refunded_cents: number;

  @Column({ type: 'text', nullable: true })
  idempotency_key: string | null;

  /** Position of the bet on its slip, so one idempotent slip can hold several bets. */
  @Column({ type: 'smallint', default: 0 })
  slip_index: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  bet_date: Date;

  @Column({ type: 'timestamptz', nullable: true })
  settled_at: Date | null;

  @OneToMany(
    () => BetLeg,
    (leg) => leg.bet,
  )
  legs?: Relation<BetLeg[]>;

  @OneToMany(
    () => BetSelection,
    (selection) => selection.bet,
  )
  selections?: Relation<BetSelection[]>;
}
