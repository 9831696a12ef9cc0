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
// Each sort column has (column, id) and (column DESC NULLS LAST, id): the list's ORDER BY column
// [ASC|DESC] NULLS LAST, id reads its first page straight from an index (CatalogListSpeed).
@Index('ix_races_race_name_id', ['race_name', 'id'])
@Index('ix_races_race_name_desc_id', { synchronize: false })
@Index('ix_races_race_date_id', ['race_date', 'id'])
@Index('ix_races_race_date_desc_id', { synchronize: false })
@Index('ix_races_race_number_id', ['race_number', 'id'])
@Index('ix_races_race_number_desc_id', { synchronize: false })
@Index('ix_races_starting_time_id', ['starting_time', 'id'])
@Index('ix_races_starting_time_desc_id', { synchronize: false })
@Index('ix_races_race_class_id', ['race_class', 'id'])
@Index('ix_races_race_class_desc_id', { synchronize: false })
@Index('ix_races_num_horses_id', ['num_horses', 'id'])
@Index('ix_races_num_horses_desc_id', { synchronize: false })
@Index('ix_races_track_id_id', ['track_id', 'id'])
@Index('ix_races_track_id_desc_id', { synchronize: false })
@Index('ix_races_location_id', ['location', 'id'])
@Index('ix_races_location_desc_id', { synchronize: false })
@Index('ix_races_miles_id', ['miles', 'id'])
@Index('ix_races_miles_desc_id', { synchronize: false })
@Index('ix_races_furlongs_id', ['furlongs', 'id'])
@Index('ix_races_furlongs_desc_id', { synchronize: false })
@Index('ix_races_meters_id', ['meters', 'id'])
@Index('ix_races_meters_desc_id', { synchronize: false })
@Index('ix_races_weather_id', ['weather', 'id'])
@Index('ix_races_weather_desc_id', { synchronize: false })
@Index('ix_races_surface_type_id', ['surface_type', 'id'])
@Index('ix_races_surface_type_desc_id', { synchronize: false })
@Index('ix_races_track_condition_id', ['track_condition', 'id'])
@Index('ix_races_track_condition_desc_id', { synchronize: false })
@Index('ix_races_purse_cents_id', ['purse_cents', 'id'])
@Index('ix_races_purse_cents_desc_id', { synchronize: false })
@Check('ck_races_num_horses', 'num_horses BETWEEN 1 AND 12')
@Check('ck_races_race_number', 'race_number BETWEEN 1 AND 13')
@Index('ix_races_track_date_number', ['track_id', 'race_date', 'race_number'], { unique: true })
// The trigram index over search_text serves free-text search (?q=); the SearchText migration makes it.
@Index('trgm_races_search_text', { synchronize: false })
export class Race {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  race_name: string;

  @Column({ type: 'date' })
  race_date: string;

  /** Position on the day's card: starting_time = track start + (n − 1) × interval. */
  @Column({ type: 'smallint' })
  race_number: number;

  @Column({ type: 'time' })
  starting_time: string;

  @Column({ type: 'text' })
  race_class: string;

  @Column({ type: 'smallint' })
  num_horses: number;

  @Column({ type: 'int' })
  track_id: number;

  @ManyToOne(() => Track, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'track_id' })
  track?: Relation<Track>;

  @Column({ type: 'text' })
  location: string;

  @Column({ type: 'numeric', precision: 5, scale: 3 })
  miles: number;

  @Column({ type: 'numeric', precision: 5, scale: 2 })
  furlongs: number;

  @Column({ type: 'int' })
  meters: number;

  @Column({ type: 'text' })
  weather: string;

  @Column({ type: 'text' })
  surface_type: string;

  @Column({ type: 'text' })
  track_condition: string;

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
