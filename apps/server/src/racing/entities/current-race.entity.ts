import type { RaceCancelReason } from '@furlong/contracts';
import type { EngineRunner } from '@furlong/domain';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { Race } from '../../catalog/entities/race.entity';
import { Track } from '../../catalog/entities/track.entity';
import { CurrentRaceEntry } from './current-race-entry.entity';

export const RACE_PHASES = ['scheduled', 'open', 'closed', 'running', 'finished', 'cancelled'] as const;
export type RacePhase = (typeof RACE_PHASES)[number];

/** A race run today: one per track, date and race number, moving through its phases. */
@Entity('current_races')
@Check('ck_current_races_status', "status IN ('scheduled', 'open', 'closed', 'running', 'finished', 'cancelled')")
@Check('ck_current_races_num_horses', 'num_horses BETWEEN 0 AND 12')
@Check(
  'ck_current_races_cancel_reason',
  "cancel_reason IN ('missed_post', 'not_recorded', 'too_few_starters') AND status = 'cancelled' OR cancel_reason IS NULL AND status <> 'cancelled'",
)
@Index('ux_current_races_track_date_number', ['track_id', 'race_date', 'race_number'], { unique: true })
@Index('ix_current_races_status_post_time', ['status', 'post_time'])
export class CurrentRace {
  @PrimaryGeneratedColumn()
  id: number;

  /** The program race this instance runs, when it has one. */
  @Index('ix_current_races_race_id')
  @Column({ type: 'int', nullable: true })
  race_id: number | null;

  @ManyToOne(() => Race, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'race_id' })
  race?: Relation<Race>;

  @Column({ type: 'int' })
  track_id: number;

  @ManyToOne(() => Track, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'track_id' })
  track?: Relation<Track>;

  @Column({ type: 'date' })
  race_date: string;

  @Column({ type: 'smallint' })
  race_number: number;

  @Column({ type: 'text' })
  location: string;

  @Column({ type: 'numeric', precision: 5, scale: 3 })
  miles: number;

  @Column({ type: 'numeric', precision: 5, scale: 2 })
  furlongs: number;

  @Column({ type: 'int' })
  meters: number;

  @Column({ type: 'smallint' })
  num_horses: number;

  @Column({ type: 'timestamptz' })
  post_time: Date;

  @Column({ type: 'text', default: 'Clear' })
  weather: string;

  @Column({ type: 'text', default: 'Turf' })
  surface_type: string;

  @Column({ type: 'text', default: 'Fast' })
  track_condition: string;

  @Column({ type: 'bigint', default: 0 })
  purse_cents: number;

  /** Class, program name and conditions, decided with the card from purse, trip and surface (domain raceConditions). */
  @Column({ type: 'text' })
  race_class: string;

  @Column({ type: 'text' })
  race_title: string;

  @Column({ type: 'text' })
  conditions: string;

  @Column({ type: 'text', default: 'scheduled' })
  status: RacePhase;

  /** Why the race was cancelled (RACE_CANCEL_REASONS); set exactly when it is. */
  @Column({ type: 'text', nullable: true })
  cancel_reason: RaceCancelReason | null;

  /** SHA-256 of the secret seed, published when betting opens. */
  @Column({ type: 'text', nullable: true })
  seed_hash: string | null;

  /** The secret seed, revealed after the finish. */
  @Column({ type: 'text', nullable: true, select: false })
  seed: string | null;

  /**
   * The engine's runners (form figures, traits, rider skill), fixed when betting opens together
   * with the seed: with them and the seed anyone can re-run the race, whatever happens to form later.
   */
  @Column({ type: 'jsonb', nullable: true, select: false })
  engine_runners: EngineRunner[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  @OneToMany(
    () => CurrentRaceEntry,
    (entry) => entry.current_race,
  )
  entries?: Relation<CurrentRaceEntry[]>;
}
