import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Horse } from '../../catalog/entities/horse.entity';
import { Jockey } from '../../catalog/entities/jockey.entity';
import { CurrentRace } from './current-race.entity';

@Entity('current_race_entries')
@Check('ck_current_race_entries_post_position', 'post_position BETWEEN 1 AND 12')
@Check(
  'ck_current_race_entries_morning_line',
  '(morning_line_score IS NULL) = (morning_line_odds IS NULL) AND (morning_line_score IS NULL OR morning_line_score > 0) AND (morning_line_odds IS NULL OR morning_line_odds >= 0)',
)
@Check(
  'ck_current_race_entries_scratch',
  '(scratched_at IS NULL) = (scratch_reason IS NULL) AND (scratched_by IS NULL OR scratched_at IS NOT NULL)',
)
@Check('ck_current_race_entries_weight', 'weight_lbs BETWEEN 100 AND 140')
@Index('ux_current_race_entries_race_horse', ['current_race_id', 'horse_id'], { unique: true })
export class CurrentRaceEntry {
  @PrimaryColumn({ type: 'int' })
  current_race_id: number;

  @PrimaryColumn({ type: 'smallint' })
  post_position: number;

  @ManyToOne(
    () => CurrentRace,
    (race) => race.entries,
    { onDelete: 'CASCADE' },
  )
  @JoinColumn({ name: 'current_race_id' })
  current_race?: Relation<CurrentRace>;

  @Index('ix_current_race_entries_horse_id')
  @Column({ type: 'int' })
  horse_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Index('ix_current_race_entries_jockey_id')
  @Column({ type: 'int' })
  jockey_id: number;

  @ManyToOne(() => Jockey)
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  /**
   * The morning line, made once when the card is made and never again (domain cardMorningLine):
   * the runner's score and its odds to 1. Null only for races finished before lines were stored.
   */
  @Column({ type: 'double precision', nullable: true })
  morning_line_score: number | null;

  @Column({ type: 'numeric', precision: 7, scale: 2, nullable: true })
  morning_line_odds: number | null;

  /** Weight carried (lb), by the scale when the card is made (domain weightCarriedLbs). */
  @Column({ type: 'smallint' })
  weight_lbs: number;

  /** When the runner was scratched (it does not start); null for a starter. */
  @Column({ type: 'timestamptz', nullable: true })
  scratched_at: Date | null;

  /** Why it was scratched, as the card shows it; set exactly when scratched_at is. */
  @Column({ type: 'text', nullable: true })
  scratch_reason: string | null;

  /** The admin who scratched it; null for a scratch by the simulation (and for a starter). */
  @Column({ type: 'int', nullable: true })
  scratched_by: number | null;
}
