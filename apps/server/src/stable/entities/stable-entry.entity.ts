import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { Horse } from '../../catalog/entities/horse.entity';
import { CurrentRace } from '../../racing/entities/current-race.entity';

/**
 * A stable horse entered in a current race by its owner: the fee paid, and once the race is over
 * its finishing position and purse (paid to the owner), or the refund of a cancelled race or a
 * scratch. `active` until then: a horse has at most one active entry (one race at a time).
 */
@Entity('stable_entries')
@Index('ux_stable_entries_active_horse', ['horse_id'], { unique: true, where: 'active' })
@Check('ck_stable_entries_fee', 'fee_cents >= 0')
export class StableEntryRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  horse_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Index('ix_stable_entries_user_id')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Index('ix_stable_entries_current_race_id')
  @Column({ type: 'int' })
  current_race_id: number;

  @ManyToOne(() => CurrentRace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'current_race_id' })
  current_race?: Relation<CurrentRace>;

  @Column({ type: 'smallint' })
  post_position: number;

  @Column({ type: 'int' })
  fee_cents: number;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  @Column({ type: 'smallint', nullable: true })
  finish_position: number | null;

  @Column({ type: 'bigint', nullable: true })
  purse_cents: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  refunded_at: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
