import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  OneToOne,
  PrimaryGeneratedColumn,
  Relation,
} from 'typeorm';
import { AuctionHorse } from './auction-horse.entity';

/**
 * A sales contract (spec §3): made on the form by one party and signed by the other, or written
 * by the hammer for a lot sold (signed by the sale company for both sides: the conditions of sale
 * bind a bid). Signatures are typed names, time-stamped by the server.
 */
@Entity('sales_contracts')
export class SalesContract {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'date' })
  contract_date: string;

  @Column({ type: 'text' })
  seller_name: string;

  @Column({ type: 'text' })
  buyer_name: string;

  @Column({ type: 'text' })
  horse_name: string;

  @Column({ type: 'bigint' })
  purchase_price_cents: number;

  @Column({ type: 'smallint' })
  payment_days: number;

  @Column({ type: 'smallint' })
  delivery_days: number;

  @Column({ type: 'text' })
  state: string;

  @Column({ type: 'text', nullable: true })
  seller_signature: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  seller_signed_at: Date | null;

  @Column({ type: 'text', nullable: true })
  buyer_signature: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  buyer_signed_at: Date | null;

  @Index('ix_sales_contracts_seller_user_id')
  @Column({ type: 'int', nullable: true })
  seller_user_id: number | null;

  @Index('ix_sales_contracts_buyer_user_id')
  @Column({ type: 'int', nullable: true })
  buyer_user_id: number | null;

  /** The lot whose hammer wrote it (one contract per lot); null for a form contract. */
  @Column({ type: 'int', nullable: true, unique: true })
  lot_id: number | null;

  @OneToOne(() => AuctionHorse, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'lot_id' })
  lot?: Relation<AuctionHorse>;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
