import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('jockeys')
// Trigram indexes for free-text search (?q=), made by the SearchIndexes migration.
@Index('trgm_jockeys_jockey_name', { synchronize: false })
export class Jockey {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_jockeys_jockey_name')
  @Column({ type: 'text' })
  jockey_name: string;

  @Index('ix_jockeys_earnings_cents')
  @Column({ type: 'bigint', default: 0 })
  earnings_cents: number;
}
