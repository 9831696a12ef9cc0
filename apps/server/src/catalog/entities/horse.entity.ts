import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { searchTextExpression } from '../search-text';
import { Breed } from './breed.entity';
import { Jockey } from './jockey.entity';
import { Owner } from './owner.entity';
import { Trainer } from './trainer.entity';

@Entity('horses')
// Each sort column has (column, id) and (column DESC NULLS LAST, id): the list's ORDER BY column
// [ASC|DESC] NULLS LAST, id reads its first page straight from an index (CatalogListSpeed).
@Index('ix_horses_horse_name_id', ['horse_name', 'id'])
@Index('ix_horses_horse_name_desc_id', { synchronize: false })
@Index('ix_horses_horse_number_id', ['horse_number', 'id'])
@Index('ix_horses_horse_number_desc_id', { synchronize: false })
@Index('ix_horses_breed_id_id', ['breed_id', 'id'])
@Index('ix_horses_breed_id_desc_id', { synchronize: false })
@Index('ix_horses_dob_id', ['dob', 'id'])
@Index('ix_horses_dob_desc_id', { synchronize: false })
@Index('ix_horses_age_id', ['age', 'id'])
@Index('ix_horses_age_desc_id', { synchronize: false })
@Index('ix_horses_gender_id', ['gender', 'id'])
@Index('ix_horses_gender_desc_id', { synchronize: false })
@Index('ix_horses_color_id', ['color', 'id'])
@Index('ix_horses_color_desc_id', { synchronize: false })
@Index('ix_horses_height_hands_id', ['height_hands', 'id'])
@Index('ix_horses_height_hands_desc_id', { synchronize: false })
@Index('ix_horses_weight_lbs_id', ['weight_lbs', 'id'])
@Index('ix_horses_weight_lbs_desc_id', { synchronize: false })
@Index('ix_horses_sire_id', ['sire', 'id'])
@Index('ix_horses_sire_desc_id', { synchronize: false })
@Index('ix_horses_dam_id', ['dam', 'id'])
@Index('ix_horses_dam_desc_id', { synchronize: false })
@Index('ix_horses_breeder_id', ['breeder', 'id'])
@Index('ix_horses_breeder_desc_id', { synchronize: false })
@Index('ix_horses_jockey_id_id', ['jockey_id', 'id'])
@Index('ix_horses_jockey_id_desc_id', { synchronize: false })
@Index('ix_horses_trainer_id_id', ['trainer_id', 'id'])
@Index('ix_horses_trainer_id_desc_id', { synchronize: false })
@Index('ix_horses_owner_id_id', ['owner_id', 'id'])
@Index('ix_horses_owner_id_desc_id', { synchronize: false })
@Index('ix_horses_user_id_id', ['user_id', 'id'])
@Index('ix_horses_user_id_desc_id', { synchronize: false })
@Index('ix_horses_earnings_cents_id', ['earnings_cents', 'id'])
@Index('ix_horses_earnings_cents_desc_id', { synchronize: false })
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
  @Column({ type: 'int' })
  horse_number: number;

  @Column({ type: 'int' })
  breed_id: number;

  @ManyToOne(() => Breed)
  @JoinColumn({ name: 'breed_id' })
  breed?: Relation<Breed>;

  @Column({ type: 'date' })
  dob: string;

  // Refreshed nightly from dob by the past-performance job.
  @Column({ type: 'smallint' })
  age: number;

  @Column({ type: 'text' })
  gender: 'male' | 'female';

  @Column({ type: 'text', nullable: true })
  color: string | null;

  @Column({ type: 'numeric', precision: 4, scale: 1, nullable: true })
  height_hands: number | null;

  @Column({ type: 'int', nullable: true })
  weight_lbs: number | null;

  @Column({ type: 'text' })
  sire: string;

  @Column({ type: 'text' })
  dam: string;

  @Column({ type: 'text' })
  breeder: string;

  @Column({ type: 'int', nullable: true })
  jockey_id: number | null;

  @ManyToOne(() => Jockey, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'jockey_id' })
  jockey?: Relation<Jockey>;

  @Column({ type: 'int', nullable: true })
  trainer_id: number | null;

  @ManyToOne(() => Trainer, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'trainer_id' })
  trainer?: Relation<Trainer>;

  @Column({ type: 'int', nullable: true })
  owner_id: number | null;

  @ManyToOne(() => Owner, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'owner_id' })
  owner?: Relation<Owner>;

  /** Set when a player created the horse (the stable). */
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

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
