import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, type Relation, UpdateDateColumn } from 'typeorm';
import { User } from './user.entity';

/** A user's settings (time zone, odds format, default bet, notices); no row: the defaults. */
@Entity('user_settings')
@Check('ck_user_settings_odds_format', "odds_format IN ('fractional', 'decimal')")
@Check('ck_user_settings_default_bet', 'default_bet_amount_cents BETWEEN 100 AND 1000000')
export class UserSettingsRow {
  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  /** An IANA zone; null: the browser's own. */
  @Column({ type: 'text', nullable: true })
  time_zone: string | null;

  @Column({ type: 'text', default: 'fractional' })
  odds_format: 'fractional' | 'decimal';

  @Column({ type: 'int', default: 200 })
  default_bet_amount_cents: number;

  @Column({ type: 'boolean', default: true })
  notify_own_horse_running: boolean;

  @Column({ type: 'boolean', default: true })
  notify_own_bet_results: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated_at: Date;
}
