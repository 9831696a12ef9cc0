import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A featured bonus paid: one per bet at most (its key), written in the transaction of its ledger transfer. */
@Entity('featured_bonuses')
@Check('ck_featured_bonuses_amount', 'amount_cents > 0')
export class FeaturedBonus {
  @PrimaryColumn({ type: 'bigint' })
  bet_id: number;

  @Index('ix_featured_bonuses_user_id')
  @Column({ type: 'int' })
  user_id: number;

  @Column({ type: 'int' })
  amount_cents: number;

  /** The ledger transfer that paid it. */
  @Column({ type: 'bigint' })
  transfer_id: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at: Date;
}
