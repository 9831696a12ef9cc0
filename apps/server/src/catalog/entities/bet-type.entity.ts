import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('bet_types')
@Check('ck_bet_types_legs', 'legs BETWEEN 1 AND 10')
@Check('ck_bet_types_horses', 'horses_required BETWEEN 0 AND 10')
// Trigram indexes for free-text search (?q=), made by the SearchIndexes migration.
@Index('trgm_bet_types_bet_type', { synchronize: false })
export class BetType {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text', unique: true })
  bet_type: string;

  @Index('ix_bet_types_description')
  @Column({ type: 'text' })
  description: string;

  /** Races the bet spans: 1 for single-race types, 2 for Daily Double, N for Pick N. */
  @Index('ix_bet_types_legs')
  @Column({ type: 'smallint' })
  legs: number;

  /** Horses a straight ticket names (spec §5): Win 1 … Superfecta 4, Pick N one per race. */
  @Index('ix_bet_types_horses_required')
  @Column({ type: 'smallint' })
  horses_required: number;

  /** Whether the finishing order of the named horses matters (Exacta, Trifecta, Superfecta). */
  @Index('ix_bet_types_ordered')
  @Column({ type: 'boolean' })
  ordered: boolean;

  @Index('ix_bet_types_sort_order')
  @Column({ type: 'smallint' })
  sort_order: number;
}
