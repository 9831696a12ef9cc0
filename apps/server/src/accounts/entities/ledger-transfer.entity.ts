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
import { WalletAccount } from './wallet-account.entity';

/** One movement of money between two accounts; its two ledger entries sum to zero. */
@Entity('ledger_transfers')
@Check('ck_ledger_transfers_amount', 'amount_cents > 0')
@Check('ck_ledger_transfers_accounts', 'from_account_id <> to_account_id')
@Index('ix_ledger_transfers_reference', ['reason', 'reference'])
export class LedgerTransfer {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Column({ type: 'int' })
  from_account_id: number;

  @ManyToOne(() => WalletAccount)
  @JoinColumn({ name: 'from_account_id' })
  from_account?: Relation<WalletAccount>;

  @Column({ type: 'int' })
  to_account_id: number;

  @ManyToOne(() => WalletAccount)
  @JoinColumn({ name: 'to_account_id' })
  to_account?: Relation<WalletAccount>;

  @Column({ type: 'bigint' })
  amount_cents: number;

  /** What for: `starting_credit`, `bet`, `payout`, `refund`… */
  @Column({ type: 'text' })
  reason: string;

  /** What it belongs to, e.g. `bet:123`. */
  @Column({ type: 'text', nullable: true })
  reference: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
