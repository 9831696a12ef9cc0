import { Column, Entity, Index, JoinColumn, ManyToOne, OneToOne, PrimaryColumn, Relation } from 'typeorm';
import { Horse } from './horse.entity';
import { Jockey } from './jockey.entity';

/** Per-horse form figures, recomputed from race results by the past-performance refresh job. */
@Entity('past_performances')
export class PastPerformance {
  @PrimaryColumn({ type: 'int' })
  horse_id: number;

  @OneToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  /** The jockey of the horse's most recent start. */
  @Index('ix_past_performances_jockey_id')
  @Column({ type: 'int', nullable: true })
  jockey_id: number | null;

  @ManyToOne(() => Jockey, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  @Column({ type: 'int' })
  starts: number;

  @Column({ type: 'int' })
  wins: number;

  @Column({ type: 'numeric', precision: 5, scale: 2 })
  win_pct_horse: number;

  @Column({ type: 'numeric', precision: 6, scale: 2 })
  avg_speed_figure_horse: number;

  @Column({ type: 'bigint' })
  earnings_cents: number;

  /** Finishing time of the most recent start, in milliseconds. */
  @Column({ type: 'int', nullable: true })
  last_race_time_ms: number | null;

  @Column({ type: 'date', nullable: true })
  last_race_date: string | null;

  @Column({ type: 'numeric', precision: 5, scale: 2 })
  win_percentage_jockey: number;

  @Column({ type: 'timestamptz' })
  refreshed_at: Date;
}
