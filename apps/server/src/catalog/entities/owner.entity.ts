import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('owners')
// Trigram indexes for free-text search (?q=), made by the SearchIndexes migration.
@Index('trgm_owners_owner_name', { synchronize: false })
export class Owner {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_owners_owner_name')
  @Column({ type: 'text' })
  owner_name: string;
}
