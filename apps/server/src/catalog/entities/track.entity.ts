import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { searchTextExpression } from '../search-text';

@Entity('tracks')
// GIN indexes for the contains-filter on list columns (?wager_types=Exacta), made by ListIndexes.
@Index('gin_tracks_race_dates', { synchronize: false })
@Index('gin_tracks_wager_types', { synchronize: false })
@Index('gin_tracks_distances_furlongs', { synchronize: false })
@Index('gin_tracks_purse_sizes_cents', { synchronize: false })
@Check('ck_tracks_daily_races', 'daily_races BETWEEN 1 AND 13')
@Check('ck_tracks_race_intervals', 'race_intervals BETWEEN 1 AND 240')
@Check('ck_tracks_utc_offset_minutes', 'utc_offset_minutes BETWEEN -720 AND 840')
// The trigram index over search_text serves free-text search (?q=); the SearchText migration makes it.
@Index('trgm_tracks_search_text', { synchronize: false })
export class Track {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  track_name: string;

  @Index('ix_tracks_location')
  @Column({ type: 'text' })
  location: string;

  /** Post time of the first race of the day, local track time (hh:mm:ss). */
  @Index('ix_tracks_start_time')
  @Column({ type: 'time' })
  start_time: string;

  /** Local time minus UTC in minutes: a race's instant is its date + local clock time − this offset. */
  @Index('ix_tracks_utc_offset_minutes')
  @Column({ type: 'smallint', default: 0 })
  utc_offset_minutes: number;

  @Index('ix_tracks_daily_races')
  @Column({ type: 'smallint' })
  daily_races: number;

  /** Minutes between consecutive races of the day. */
  @Index('ix_tracks_race_intervals')
  @Column({ type: 'smallint' })
  race_intervals: number;

  @Index('ix_tracks_surface_type')
  @Column({ type: 'text' })
  surface_type: string;

  @Index('ix_tracks_track_condition')
  @Column({ type: 'text' })
  track_condition: string;

  @Index('ix_tracks_weather')
  @Column({ type: 'text' })
  weather: string;

  @Index('ix_tracks_miles')
  @Column({ type: 'numeric', precision: 5, scale: 3 })
  miles: number;

  @Index('ix_tracks_furlongs')
  @Column({ type: 'numeric', precision: 5, scale: 2 })
  furlongs: number;

  @Index('ix_tracks_meters')
  @Column({ type: 'int' })
  meters: number;

  @Index('ix_tracks_post_time')
  @Column({ type: 'time' })
  post_time: string;

  @Index('ix_tracks_purse_cents')
  @Column({ type: 'bigint' })
  purse_cents: number;

  /** Dates on which the track holds a card. */
  @Index('ix_tracks_race_dates')
  @Column({ type: 'date', array: true, default: () => "'{}'" })
  race_dates: string[];

  /** Bet types offered, by name (see bet_types). */
  @Index('ix_tracks_wager_types')
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  wager_types: string[];

  /** Race distances run here, in furlongs. */
  @Index('ix_tracks_distances_furlongs')
  @Column({ type: 'numeric', precision: 5, scale: 2, array: true, default: () => "'{}'" })
  distances_furlongs: number[];

  @Index('ix_tracks_purse_sizes_cents')
  @Column({ type: 'bigint', array: true, default: () => "'{}'" })
  purse_sizes_cents: number[];

  /** The free-text filter's haystack (?q=): the search columns, lower-cased, behind a trigram index. */
  @Column({
    type: 'text',
    generatedType: 'STORED',
    asExpression: searchTextExpression('tracks'),
    select: false,
    insert: false,
    update: false,
  })
  search_text: string;
}
