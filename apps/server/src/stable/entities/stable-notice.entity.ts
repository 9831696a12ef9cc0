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

/** What an owner is told: an entry, next to post, a result, a refund, a foal, a stud fee received. */
@Entity('stable_notices')
@Index('ix_stable_notices_user_id_id', ['user_id', 'id'])
export class StableNoticeRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  kind: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'int', nullable: true })
  current_race_id: number | null;

  /** What makes the notice once: a retry or a second instance inserts nothing. */
  @Column({ type: 'text', unique: true })
  dedupe_key: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
