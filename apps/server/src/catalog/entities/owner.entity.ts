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

  /** The account this owner is (a stable's horses run in the user's name); null for the catalog's owners. */
  @Index('ux_owners_user_id', { unique: true })
  @Column({ type: 'int', nullable: true })
  user_id: number | null;
}
