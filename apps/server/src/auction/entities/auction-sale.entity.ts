import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A sale: its catalogue is the lots (auction_horses) with its id. Lot n closes at `first_close_at`
 * plus (n − 1) × the lot spacing, moved later only by its own late bids (soft close).
 */
@Entity('auction_sales')
@Check('ck_auction_sales_kind', `kind IN ('public', 'private')`)
@Check('ck_auction_sales_times', 'first_close_at > opens_at')
export class AuctionSaleRow {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  kind: 'public' | 'private';

  @Column({ type: 'text', default: '' })
  description: string;

  @Index('ix_auction_sales_opens_at')
  @Column({ type: 'timestamptz' })
  opens_at: Date;

  @Column({ type: 'timestamptz' })
  first_close_at: Date;

  /** Made by the house's own sale calendar (the sweep), not by an admin. */
  @Column({ type: 'boolean', default: false })
  house: boolean;

  @Column({ type: 'int', nullable: true })
  created_by: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
