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
import { Track } from '../../catalog/entities/track.entity';

/** A race card made by the random race generator or a player. */
@Entity('created_races')
export class CreatedRace {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  race_name: string;

  @Index('ix_created_races_track_id')
  @Column({ type: 'int' })
  track_id: number;

  @ManyToOne(() => Track, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'track_id' })
  track?: Relation<Track>;

  @Index('ix_created_races_user_id')
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  /** The current race an admin scheduled it as (racing's current_races.id); null until then. */
  @Column({ type: 'int', nullable: true })
  scheduled_race_id: number | null;
}
