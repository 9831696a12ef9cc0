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

/**
 * A breeding contract: the user's mare to a stallion (the user's own, or one at stud, its fee paid
 * to its owner), the foal due after the gestation on the racing clock and born (a horse) once due.
 */
@Entity('stable_breedings')
@Index('ux_stable_breedings_dam_in_foal', ['dam_id'], { unique: true, where: 'foal_id IS NULL' })
@Check('ck_stable_breedings_fee', 'fee_cents >= 0')
export class StableBreedingRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_stable_breedings_user_id')
  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'int' })
  sire_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sire_id' })
  sire?: Relation<Horse>;

  @Column({ type: 'int' })
  dam_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'dam_id' })
  dam?: Relation<Horse>;

  @Column({ type: 'text', unique: true })
  foal_name: string;

  @Column({ type: 'int' })
  fee_cents: number;

  /** The stallion's owner, paid the fee (null: the user's own stallion). */
  @Column({ type: 'int', nullable: true })
  stud_owner_id: number | null;

  /** Racing clock. */
  @Index('ix_stable_breedings_due_at')
  @Column({ type: 'timestamptz' })
  due_at: Date;

  @Column({ type: 'int', nullable: true })
  foal_id: number | null;

  @ManyToOne(() => Horse, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'foal_id' })
  foal?: Relation<Horse>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
