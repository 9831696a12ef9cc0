import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('breeds')
// Trigram indexes for free-text search (?q=), made by the SearchIndexes migration.
@Index('trgm_breeds_breed_name', { synchronize: false })
export class Breed {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  breed_name: string;

  @Index('ix_breeds_breed_description')
  @Column({ type: 'text' })
  breed_description: string;
}
