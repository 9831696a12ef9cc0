import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from './user.entity';

/**
 * One balance of the double-entry ledger: a user's wallet, or a system account such as the house.
 * The balance is kept here, updated in the same transaction as the ledger entries, so the database
 * itself refuses a user balance below zero.
 */
@Entity('wallet_accounts')
@Check('ck_wallet_accounts_kind', "kind IN ('user', 'system')")
@Check('ck_wallet_accounts_owner', "(kind = 'user') = (user_id IS NOT NULL) AND (kind = 'system') = (code IS NOT NULL)")
@Check('ck_wallet_accounts_user_no_overdraft', "kind = 'system' OR NOT overdraft_allowed")
@Check('ck_wallet_accounts_balance', 'overdraft_allowed OR balance_cents >= 0')
export class WalletAccount {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'text' })
  kind: 'user' | 'system';

  @Index('ux_wallet_accounts_user_id', { unique: true })
  @Column({ type: 'int', nullable: true })
  user_id: number | null;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<User>;

  /** A system account's name, e.g. `house`. */
  @Index('ux_wallet_accounts_code', { unique: true })
  @Column({ type: 'text', nullable: true })
  code: string | null;

  @Column({ type: 'bigint', default: 0 })
  balance_cents: number;

  // Only the house may go below zero: it funds the play-money credits.
  @Column({ type: 'boolean', default: false })
  overdraft_allowed: boolean;
}
