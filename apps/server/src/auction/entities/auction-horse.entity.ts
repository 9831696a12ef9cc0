import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { Horse } from '../../catalog/entities/horse.entity';
import { AuctionSaleRow } from './auction-sale.entity';

/**
 * A lot of the horse auction (spec §3's auction horse: name, breed, age, image, description,
 * starting bid), in a sale's catalogue once `sale_id` is set. Its standing price, leader and close
 * are kept here, changed only under this row's lock (one writer per lot), so a bid, an extension
 * and the hammer are decided one at a time in arrival order.
 */
@Entity('auction_horses')
@Index('ix_auction_horses_sale_id_lot_no', ['sale_id', 'lot_no'])
@Index('ix_auction_horses_status_closes_at', ['status', 'closes_at'])
@Check('ck_auction_horses_status', `status IN ('open', 'sold', 'rna', 'no_bids')`)
@Check('ck_auction_horses_reserve', 'reserve_cents IS NULL OR reserve_cents >= starting_bid_cents')
export class AuctionHorse {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('ix_auction_horses_horse_id')
  @Column({ type: 'int', nullable: true })
  horse_id: number | null;

  @ManyToOne(() => Horse, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'horse_id' })
  horse?: Relation<Horse>;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  breed: string;

  @Column({ type: 'smallint' })
  age: number;

  @Column({ type: 'text', nullable: true })
  image: string | null;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'bigint' })
  starting_bid_cents: number;

  /** Null: catalogued, waiting for the house's next sale. */
  @Column({ type: 'int', nullable: true })
  sale_id: number | null;

  @ManyToOne(() => AuctionSaleRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sale_id' })
  sale?: Relation<AuctionSaleRow>;

  @Column({ type: 'smallint', nullable: true })
  lot_no: number | null;

  /** The consigning user; null: a house lot. */
  @Index('ix_auction_horses_seller_user_id')
  @Column({ type: 'int', nullable: true })
  seller_user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'seller_user_id' })
  seller?: Relation<User>;

  /** Secret to all but the seller; null: no reserve. */
  @Column({ type: 'bigint', nullable: true })
  reserve_cents: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  closes_at: Date | null;

  @Column({ type: 'text', default: 'open' })
  status: 'open' | 'sold' | 'rna' | 'no_bids';

  @Column({ type: 'bigint', nullable: true })
  price_cents: number | null;

  @Column({ type: 'int', nullable: true })
  leader_user_id: number | null;

  @Column({ type: 'bigint', nullable: true })
  leader_max_cents: number | null;

  @Column({ type: 'int', default: 0 })
  bids_count: number;

  @Column({ type: 'int', default: 0 })
  extensions: number;

  @Column({ type: 'bigint', nullable: true })
  hammer_price_cents: number | null;

  @Index('ix_auction_horses_buyer_user_id')
  @Column({ type: 'int', nullable: true })
  buyer_user_id: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  hammered_at: Date | null;
}
