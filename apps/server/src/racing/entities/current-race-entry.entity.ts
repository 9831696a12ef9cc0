import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Horse } from '../../catalog/entities/horse.entity';
import { Jockey } from '../../catalog/entities/jockey.entity';
import { CurrentRace } from './current-race.entity';

@Entity('current_race_entries')
@Check('ck_current_race_entries_post_position', 'post_position BETWEEN 1 AND 12')
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
}
