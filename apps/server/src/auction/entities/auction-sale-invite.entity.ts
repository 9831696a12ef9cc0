import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Relation } from 'typeorm';
import { User } from '../../accounts/entities/user.entity';
import { AuctionSaleRow } from './auction-sale.entity';

/** A user invited to a private sale: only they see its lots and bid. */
@Entity('auction_sale_invites')
export class AuctionSaleInviteRow {
  @PrimaryColumn({ type: 'int' })
  sale_id: number;

  @ManyToOne(() => AuctionSaleRow, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sale_id' })
  sale?: Relation<AuctionSaleRow>;

  @Index('ix_auction_sale_invites_user_id')
  @PrimaryColumn({ type: 'int' })
  user_id: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;
}
