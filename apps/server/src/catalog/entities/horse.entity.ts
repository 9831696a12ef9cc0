import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { searchTextExpression } from '../search-text';
import { Breed } from './breed.entity';
import { Jockey } from './jockey.entity';
import { Owner } from './owner.entity';
import { Trainer } from './trainer.entity';

@Entity('horses')
@Check('ck_horses_gender', "gender IN ('male', 'female')")
@Check('ck_horses_weight', 'weight_lbs IS NULL OR weight_lbs BETWEEN 400 AND 2200')
// The trigram index over search_text serves free-text search (?q=); the SearchText migration makes it.
@Index('trgm_horses_search_text', { synchronize: false })
export class Horse {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  horse_name: string;

  /** Registration number shown on programs. */
  @Index('ix_horses_horse_number')
  @Column({ type: 'int' })
  horse_number: number;

  @Index('ix_horses_breed_id')
  @Column({ type: 'int' })
  breed_id: number;

  @ManyToOne(() => Breed)
  @JoinColumn({ name: 'breed_id' })
  breed?: Relation<Breed>;

  @Index('ix_horses_dob')
  @Column({ type: 'date' })
  dob: string;

  // Refreshed nightly from dob by the past-performance job.
  @Index('ix_horses_age')
  @Column({ type: 'smallint' })
  age: number;

  @Index('ix_horses_gender')
  @Column({ type: 'text' })
  gender: 'male' | 'female';

  @Index('ix_horses_color')
  @Column({ type: 'text', nullable: true })
  color: string | null;

  @Index('ix_horses_height_hands')
  @Column({ type: 'numeric', precision: 4, scale: 1, nullable: true })
  height_hands: number | null;

  @Index('ix_horses_weight_lbs')
  @Column({ type: 'int', nullable: true })
  weight_lbs: number | null;

  @Index('ix_horses_sire')
  @Column({ type: 'text' })
  sire: string;

  @Index('ix_horses_dam')
  @Column({ type: 'text' })
  dam: string;

  @Index('ix_horses_breeder')
  @Column({ type: 'text' })
  breeder: string;

  @Index('ix_horses_jockey_id')
  @Column({ type: 'int', nullable: true })
  jockey_id: number | null;

  @ManyToOne(() => Jockey, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  @Index('ix_horses_trainer_id')
  @Column({ type: 'int', nullable: true })
  trainer_id: number | null;

  @ManyToOne(() => Trainer, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'trainer_id' })
  trainer?: Relation<Trainer>;

  @Index('ix_horses_owner_id')
  @Column({ type: 'int', nullable: true })
  owner_id: number | null;

  @ManyToOne(() => Owner, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<Owner>;

  /** Set when a player created the horse (the stable). */
  @Index('ix_horses_user_id')
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Index('ix_horses_earnings_cents')
  @Column({ type: 'bigint', default: 0 })
  earnings_cents: number;

  /** The free-text filter's haystack (?q=): the search columns, lower-cased, behind a trigram index. */
  @Column({
    type: 'text',
    generatedType: 'STORED',
    asExpression: searchTextExpression('horses'),
    select: false,
    insert: false,
    update: false,
  })
  search_text: string;
}
