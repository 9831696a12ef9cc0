import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { searchTextExpression } from '../search-text';
import { RaceEntry } from './race-entry.entity';
import { Track } from './track.entity';

@Entity('races')
@Check('ck_races_num_horses', 'num_horses BETWEEN 1 AND 12')
@Check('ck_races_race_number', 'race_number BETWEEN 1 AND 13')
@Index('ix_races_track_date_number', ['track_id', 'race_date', 'race_number'], { unique: true })
// The trigram index over search_text serves free-text search (?q=); the SearchText migration makes it.
@Index('trgm_races_search_text', { synchronize: false })
export class Race {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_races_race_name')
  @Column({ type: 'text' })
  race_name: string;

  @Index('ix_races_race_date')
  @Column({ type: 'date' })
  race_date: string;

  /** Position on the day's card: starting_time = track start + (n − 1) × interval. */
  @Index('ix_races_race_number')
  @Column({ type: 'smallint' })
  race_number: number;

  @Index('ix_races_starting_time')
  @Column({ type: 'time' })
  starting_time: string;

  @Index('ix_races_race_class')
  @Column({ type: 'text' })
  race_class: string;

  @Index('ix_races_num_horses')
  @Column({ type: 'smallint' })
  num_horses: number;

  @Column({ type: 'int' })
  track_id: number;

  @ManyToOne(() => Track, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'track_id' })
  track?: Relation<Track>;

  @Index('ix_races_location')
  @Column({ type: 'text' })
  location: string;

  @Index('ix_races_miles')
  @Column({ type: 'numeric', precision: 5, scale: 3 })
  miles: number;

  @Index('ix_races_furlongs')
  @Column({ type: 'numeric', precision: 5, scale: 2 })
  furlongs: number;

  @Index('ix_races_meters')
  @Column({ type: 'int' })
  meters: number;

  @Index('ix_races_weather')
  @Column({ type: 'text' })
  weather: string;

  @Index('ix_races_surface_type')
  @Column({ type: 'text' })
  surface_type: string;

  @Index('ix_races_track_condition')
  @Column({ type: 'text' })
  track_condition: string;

  @Index('ix_races_purse_cents')
  @Column({ type: 'bigint' })
  purse_cents: number;

  @OneToMany(
    () => RaceEntry,
    (entry) => entry.race,
  )
  entries?: Relation<RaceEntry[]>;

  /** The free-text filter's haystack (?q=): the search columns, lower-cased, behind a trigram index. */
  @Column({
    type: 'text',
    generatedType: 'STORED',
    asExpression: searchTextExpression('races'),
    select: false,
    insert: false,
    update: false,
  })
  search_text: string;
}
