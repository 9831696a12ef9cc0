import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Horse } from './horse.entity';
import { Jockey } from './jockey.entity';
import { Owner } from './owner.entity';
import { Race } from './race.entity';
import { Trainer } from './trainer.entity';

/** One runner of a race: who ran from which post, with the connections of that day. */
@Entity('race_entries')
@Check('ck_race_entries_post_position', 'post_position BETWEEN 1 AND 12')
@Index('ux_race_entries_race_horse', ['race_id', 'horse_id'], { unique: true })
export class RaceEntry {
  @PrimaryColumn({ type: 'int' })
  race_id: number;

  @PrimaryColumn({ type: 'smallint' })
  post_position: number;

  @ManyToOne(
    () => Race,
    (race) => race.entries,
    { onDelete: 'CASCADE' },
  )
  @JoinColumn({ name: 'race_id' })
  race?: Relation<Race>;

  @Index('ix_race_entries_horse_id')
  @Column({ type: 'int' })
  horse_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Index('ix_race_entries_jockey_id')
  @Column({ type: 'int' })
  jockey_id: number;

  @ManyToOne(() => Jockey)
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  @Index('ix_race_entries_trainer_id')
  @Column({ type: 'int' })
  trainer_id: number;

  @ManyToOne(() => Trainer)
  @JoinColumn({ name: 'trainer_id' })
  trainer?: Relation<Trainer>;

  @Index('ix_race_entries_owner_id')
  @Column({ type: 'int' })
  owner_id: number;

  @ManyToOne(() => Owner)
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<Owner>;
}
