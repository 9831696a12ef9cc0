import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  OneToOne,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { Horse } from './horse.entity';
import { Race } from './race.entity';
import { RaceResultFinisher } from './race-result-finisher.entity';

/** The official result of one race; finishers hold the order, times and money. */
@Entity('race_results')
export class RaceResult {
  @PrimaryGeneratedColumn()
  id: number;

  // Unique: a race has exactly one result, so a second writer fails instead of duplicating it.
  @Column({ type: 'int', unique: true })
  race_id: number;

  @OneToOne(() => Race, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'race_id' })
  race?: Relation<Race>;

  /** The live instance that produced this result, when it was run on the server. */
  @Column({ type: 'int', nullable: true, unique: true })
  current_race_id: number | null;

  // Named, not imported: the live races are racing's, and catalog does not depend on racing.
  @ManyToOne('CurrentRace', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'current_race_id' })
  current_race?: unknown;

  @Column({ type: 'smallint' })
  num_horses: number;

  @Index('ix_race_results_winner_horse_id')
  @Column({ type: 'int' })
  winner_horse_id: number;

  @ManyToOne(() => Horse)
  @JoinColumn({ name: 'winner_horse_id' })
  winner_horse?: Relation<Horse>;

  @Column({ type: 'smallint' })
  winner_post_position: number;

  /** Winner's time in milliseconds. */
  @Column({ type: 'int' })
  race_duration_ms: number;

  /** Where the wire is drawn, as a fraction of the track width. */
  @Column({ type: 'numeric', precision: 4, scale: 3 })
  wire_position: number;

  /** Positions per 500 ms sample, post-position order; null for imported history. */
  @Column({ type: 'jsonb', nullable: true })
  horse_positions: number[][] | null;

  @Index('ix_race_results_finished_at')
  @Column({ type: 'timestamptz' })
  finished_at: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @OneToMany(
    () => RaceResultFinisher,
    (finisher) => finisher.result,
  )
  finishers?: Relation<RaceResultFinisher[]>;
}
