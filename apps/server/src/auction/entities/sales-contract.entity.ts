import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

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

  @Column({ type: 'text' })
  seller_signature: string;

  @Column({ type: 'text' })
  buyer_signature: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
