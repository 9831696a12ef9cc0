import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { Horse } from '../../catalog/entities/horse.entity';
import { Jockey } from '../../catalog/entities/jockey.entity';
import { Owner } from '../../catalog/entities/owner.entity';
import { Trainer } from '../../catalog/entities/trainer.entity';
import { CreatedRace } from './created-race.entity';

@Entity('created_race_entries')
@Check('ck_created_race_entries_post_position', 'post_position BETWEEN 1 AND 12')
export class CreatedRaceEntry {
  @PrimaryColumn({ type: 'int' })
  created_race_id: number;

  @PrimaryColumn({ type: 'smallint' })
  post_position: number;

  @ManyToOne(() => CreatedRace, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'created_race_id' })
  created_race?: Relation<CreatedRace>;

  @Column({ type: 'int' })
  horse_id: number;

  @ManyToOne(() => Horse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Column({ type: 'int' })
  jockey_id: number;

  @ManyToOne(() => Jockey)
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  @Column({ type: 'int' })
  trainer_id: number;

  @ManyToOne(() => Trainer)
  @JoinColumn({ name: 'trainer_id' })
  trainer?: Relation<Trainer>;

  @Column({ type: 'int' })
  owner_id: number;

  @ManyToOne(() => Owner)
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<Owner>;
}
