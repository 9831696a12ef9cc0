import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { CurrentRace } from '../../racing/entities/current-race.entity';

/**
 * One starter's fair odds: its chances to win, place and show over `runs` simulations of the race
 * on seeds made from `seed` (a fresh one, never the race's secret seed). A race's rows are the field
 * they were simulated for: a scratch replaces them all.
 */
@Entity('race_fair_odds')
@Check(
  'ck_race_fair_odds_chances',
  'win_probability BETWEEN 0 AND 1 AND place_probability BETWEEN 0 AND 1 AND show_probability BETWEEN 0 AND 1',
)
@Check('ck_race_fair_odds_runs', 'runs > 0')
@Index('ix_race_fair_odds_computed_at', ['computed_at'])
export class RaceFairOdds {
  @PrimaryColumn({ type: 'int' })
  current_race_id: number;

  @ManyToOne(() => CurrentRace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'current_race_id' })
  current_race?: Relation<CurrentRace>;

  @PrimaryColumn({ type: 'int' })
  post_position: number;

  @Column({ type: 'float8' })
  win_probability: number;

  @Column({ type: 'float8' })
  place_probability: number;

  @Column({ type: 'float8' })
  show_probability: number;

  @Column({ type: 'int' })
  runs: number;

  @Column({ type: 'text' })
  seed: string;

  /** Racing clock. */
  @Column({ type: 'timestamptz' })
  computed_at: Date;
}
