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
import { LedgerTransfer } from './ledger-transfer.entity';
import { WalletAccount } from './wallet-account.entity';

/** One side of a transfer: negative on the account paying, positive on the account paid. */
@Entity('ledger_entries')
@Check('ck_ledger_entries_amount', 'amount_cents <> 0')
@Index('ix_ledger_entries_account', ['account_id', 'id'])
export class LedgerEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: number;

  @Index('ix_ledger_entries_transfer_id')
  @Column({ type: 'bigint' })
  transfer_id: number;

  @ManyToOne(() => LedgerTransfer, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'transfer_id' })
  transfer?: Relation<LedgerTransfer>;

  @Column({ type: 'int' })
  account_id: number;

  @ManyToOne(() => WalletAccount, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'account_id' })
  account?: Relation<WalletAccount>;

  @Column({ type: 'bigint' })
  amount_cents: number;

  @Column({ type: 'bigint' })
  balance_after_cents: number;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
