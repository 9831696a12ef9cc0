import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  Relation,
} from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { Horse } from '../../catalog/entities/horse.entity';

/**
 * A horse a user owns in the stable (its catalog row is the catalog's `horses`): its innate
 * ability, drawn once from its breed (or inherited from its parents) and never typed in, and its
 * condition as of `condition_at` (racing clock); fatigue recovers with time by the domain's
 * `recover`, so the stored values are brought forward on every read and write.
 */
@Entity('stable_horses')
@Check('ck_stable_horses_condition', 'fatigue BETWEEN 0 AND 100 AND fitness BETWEEN 0 AND 100')
@Check('ck_stable_horses_stud_fee', 'stud_fee_cents IS NULL OR stud_fee_cents >= 0')
export class StableHorseRow {
  @PrimaryColumn({ type: 'int' })
  horse_id: number;

  @OneToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Index('ix_stable_horses_user_id')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'double precision' })
  ability_speed: number;

  @Column({ type: 'double precision' })
  ability_stamina: number;

  @Column({ type: 'double precision' })
  ability_early_speed: number;

  @Column({ type: 'double precision', default: 0 })
  speed_gain: number;

  @Column({ type: 'double precision', default: 0 })
  stamina_gain: number;

  @Column({ type: 'double precision', default: 0 })
  early_speed_gain: number;

  @Column({ type: 'double precision' })
  fatigue: number;

  @Column({ type: 'double precision' })
  fitness: number;

  /** The racing-clock instant the condition was last brought forward to. */
  @Column({ type: 'timestamptz' })
  condition_at: Date;

  @Column({ type: 'text', default: 'regular' })
  shoe: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  gear: string[];

  /** A stallion standing at stud for this fee (cents); null: not at stud. */
  @Column({ type: 'int', nullable: true })
  stud_fee_cents: number | null;

  /** Consigned to an auction sale: it enters no race until the sale is over (the hammer clears it). */
  @Column({ type: 'boolean', default: false })
  on_sale: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
