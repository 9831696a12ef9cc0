import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { WagerPool } from './wager-pool.entity';

/**
 * Money on one interest of a pool: a program number for win/place/show ("4"), a combination for
 * exotics ("4-1-7", finishing order; "1-4" sorted for a quinella; per leg for Daily Double/Pick N).
 * `house_cents` is the part the house put in (seed liquidity and the simulated crowd).
 */
@Entity('wager_pool_interests')
export class WagerPoolInterest {
  @PrimaryColumn({ type: 'int' })
  pool_id: number;

  @ManyToOne(() => WagerPool, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pool_id' })
  pool?: Relation<WagerPool>;

  @PrimaryColumn({ type: 'text' })
  interest: string;

  @Column({ type: 'bigint', default: 0 })
  amount_cents: number;

  @Column({ type: 'bigint', default: 0 })
  house_cents: number;
}
