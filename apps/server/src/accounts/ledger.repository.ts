import type { LedgerEntry } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface LockedAccount {
  id: number;
  balance_cents: number;
  overdraft_allowed: boolean;
}

/** wallet_accounts, ledger_transfers and ledger_entries. Writes always go through the caller's transaction. */
@Injectable()
export class LedgerRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async userAccountId(manager: EntityManager, userId: number): Promise<number | undefined> {
    const rows: { id: number }[] = await manager.query('SELECT id FROM wallet_accounts WHERE user_id = $1', [userId]);
    return rows[0]?.id;
  }

  async systemAccountId(manager: EntityManager, code: string): Promise<number | undefined> {
    const rows: { id: number }[] = await manager.query('SELECT id FROM wallet_accounts WHERE code = $1', [code]);
    return rows[0]?.id;
  }

  async openUserAccount(manager: EntityManager, userId: number): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO wallet_accounts (kind, user_id) VALUES ('user', $1)
       ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING id`,
      [userId],
    );
    return (rows[0] as { id: number }).id;
  }

  async openSystemAccount(manager: EntityManager, code: string, overdraftAllowed: boolean): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO wallet_accounts (kind, code, overdraft_allowed) VALUES ('system', $1, $2)
       ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code RETURNING id`,
      [code, overdraftAllowed],
    );
    return (rows[0] as { id: number }).id;
  }

  /** Locks the accounts in id order (so two transfers never wait on each other in a circle). */
  async lock(manager: EntityManager, ids: number[]): Promise<Map<number, LockedAccount>> {
    const rows: LockedAccount[] = await manager.query(
      `SELECT id, balance_cents, overdraft_allowed FROM wallet_accounts
        WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  async addToBalance(manager: EntityManager, id: number, delta: number): Promise<number> {
    const rows: { balance_cents: number }[] = await manager.query(
      // TypeORM answers a bare UPDATE … RETURNING as [rows, count]: a CTE makes it a plain row list.
      `WITH u AS (UPDATE wallet_accounts SET balance_cents = balance_cents + $2 WHERE id = $1 RETURNING balance_cents)
       SELECT balance_cents FROM u`,
      [id, delta],
    );
    return (rows[0] as { balance_cents: number }).balance_cents;
  }

  async insertTransfer(
    manager: EntityManager,
    t: { from: number; to: number; amount: number; reason: string; reference: string | null; at: Date },
    balances: { from: number; to: number },
  ): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO ledger_transfers (from_account_id, to_account_id, amount_cents, reason, reference, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [t.from, t.to, t.amount, t.reason, t.reference, t.at],
    );
    const transferId = (rows[0] as { id: number }).id;
    await manager.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
       VALUES ($1, $2, $3, $4, $8), ($1, $5, $6, $7, $8)`,
      [transferId, t.from, -t.amount, balances.from, t.to, t.amount, balances.to, t.at],
    );
    return transferId;
  }

  async balanceOfUser(userId: number): Promise<number> {
    const rows: { balance_cents: number }[] = await this.dataSource.query(
      'SELECT balance_cents FROM wallet_accounts WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.balance_cents ?? 0;
  }

  /** A user's entries, newest first, each with the other side of its transfer. */
  async entriesOfUser(userId: number, limit: number, offset: number): Promise<{ items: LedgerEntry[]; total: number }> {
    const [items, counted]: [LedgerEntry[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT e.id, e.transfer_id, e.amount_cents, e.balance_after_cents, t.reason, t.reference,
                COALESCE(ou.username, oa.code) AS counterparty, e.created_at
           FROM wallet_accounts a
           JOIN ledger_entries e ON e.account_id = a.id
           JOIN ledger_transfers t ON t.id = e.transfer_id
           JOIN wallet_accounts oa
             ON oa.id = CASE WHEN t.from_account_id = a.id THEN t.to_account_id ELSE t.from_account_id END
           LEFT JOIN users ou ON ou.id = oa.user_id
          WHERE a.user_id = $1
          ORDER BY e.id DESC
          LIMIT $2 OFFSET $3`,
        [userId, limit, offset],
      ),
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM ledger_entries e JOIN wallet_accounts a ON a.id = e.account_id
          WHERE a.user_id = $1`,
        [userId],
      ),
    ]);
    return { items, total: counted[0]?.total ?? 0 };
  }
}
