import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { WagerPool } from './wager-pool.entity';

/**
 * What a settled pool paid on each winning combination, kept by the settlement in its own
 * transaction so a result's payoffs never change afterwards: the price per $1 (cents, broken and at
 * least the $1.05 minimum), the money on the combination and what the pool paid on it. Several rows
 * per pool: Place and Show, a dead heat, a Pick N consolation shared by many sequences. A pool
 * refunded, or a Pick N carried over, has none.
 */
@Entity('pool_payoffs')
@Check('ck_pool_payoffs_amounts', 'price_per_dollar_cents >= 100 AND winning_cents > 0 AND paid_cents >= 0')
export class PoolPayoff {
  @PrimaryColumn({ type: 'int' })
  pool_id: number;

  @ManyToOne(() => WagerPool, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'pool_id' })
  pool?: Relation<WagerPool>;

  /** The winning combination as the pool keys it: '4', '4-1-7', a quinella '1-4', a sequence per leg. */
  @PrimaryColumn({ type: 'text' })
  combination: string;

  /** What $1 on the combination returns, stake included. */
  @Column({ type: 'int' })
  price_per_dollar_cents: number;

  /** Money on the combination when the pool was settled (bettors' and the house's). */
  @Column({ type: 'bigint' })
  winning_cents: number;

  /** What the pool paid on it: winning × price / 100. */
  @Column({ type: 'bigint' })
  paid_cents: number;

  /** Pick N: races the combination has right (fewer than the legs for a consolation); null otherwise. */
  @Column({ type: 'smallint', nullable: true })
  races_correct: number | null;

  /**
   * The fallback class the combination was paid as when nobody held the winning one: its pattern,
   * '3-*' (the winner first, any second), '*-5', '3-5-*'; null for a winning combination.
   */
  @Column({ type: 'text', nullable: true })
  paid_class: string | null;
}
