import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('trainers')
// Trigram indexes for free-text search (?q=), made by the SearchIndexes migration.
@Index('trgm_trainers_trainer_name', { synchronize: false })
export class Trainer {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_trainers_trainer_name')
  @Column({ type: 'text' })
  trainer_name: string;
}
