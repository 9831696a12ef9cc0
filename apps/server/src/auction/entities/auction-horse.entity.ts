import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { Horse } from '../../catalog/entities/horse.entity';

/** A lot in the horse auction. */
@Entity('auction_horses')
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
}
