import {
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
 * The stable's book beside the ledger: each session of care, equipment bought and stud fee, with
 * what it cost (negative) or brought in (positive), for the owner's history and money figures.
 */
@Entity('stable_care')
@Index('ix_stable_care_user_id_id', ['user_id', 'id'])
export class StableCareRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_stable_care_horse_id')
  @Column({ type: 'int' })
  horse_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  /** training, medical, equipment, stud_fee_paid, stud_fee_received */
  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  detail: string;

  @Column({ type: 'int' })
  amount_cents: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
