import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { AuctionHorse } from './auction-horse.entity';

/**
 * An accepted bid, in the order the lot's lock decided it (`id`): the bidder's maximum (secret to
 * others; a plain bid's maximum is its amount) and the price and leader it left. A replay of a
 * lot's bids by `id` gives its price (the domain's replayBids).
 */
@Entity('auction_bids')
@Index('ix_auction_bids_lot_id_id', ['lot_id', 'id'])
@Index('ux_auction_bids_user_key', ['user_id', 'idempotency_key'], { unique: true })
@Check('ck_auction_bids_kind', `kind IN ('bid', 'max')`)
@Check('ck_auction_bids_amounts', 'max_cents > 0 AND price_after_cents > 0')
export class AuctionBidRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ type: 'int' })
  lot_id: number;

  @ManyToOne(() => AuctionHorse, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lot_id' })
  lot?: Relation<AuctionHorse>;

  @Column({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  @Column({ type: 'text' })
  kind: 'bid' | 'max';

  @Column({ type: 'bigint' })
  max_cents: number;

  @Column({ type: 'bigint' })
  price_after_cents: number;

  @Column({ type: 'int' })
  leader_after: number;

  @Column({ type: 'text' })
  idempotency_key: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
