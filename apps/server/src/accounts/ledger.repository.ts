import type { LedgerEntry } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../common/prepared-query';

export interface LockedAccount {
  id: number;
  user_id: number | null;
  code: string | null;
  balance_cents: number;
  overdraft_allowed: boolean;
}

/** An account of the ledger: a user's wallet, or a system account by its code (`house`, `pool:…`). */
export type LedgerAccountRef = { userId: number } | { system: string };

export interface LedgerMove {
  from: LedgerAccountRef;
  to: LedgerAccountRef;
  amount: number;
  reason: string;
  reference: string | null;
  at: Date;
}

/** What a transfer statement did: the accounts it locked, and the transfer unless refused. */
export interface LedgerMoveOutcome {
  accounts: LockedAccount[];
  transfer_id: number | null;
  from_balance_cents: number | null;
  to_balance_cents: number | null;
}

const TRANSFER_SQL = `
  WITH l AS (
    SELECT id, user_id, code, balance_cents, overdraft_allowed FROM wallet_accounts
     WHERE user_id = ANY($1::int[]) OR code = ANY($2::text[]) ORDER BY id FOR UPDATE),
  -- count(*) reads l to its end: both rows are locked, in id order, before either is written.
  a AS (SELECT * FROM l WHERE (SELECT count(*) FROM l) = 2),
  src AS (SELECT * FROM a WHERE CASE WHEN $3::int IS NOT NULL THEN user_id = $3::int ELSE code = $4::text END),
  dst AS (SELECT * FROM a WHERE CASE WHEN $5::int IS NOT NULL THEN user_id = $5::int ELSE code = $6::text END),
  ok AS (SELECT src.id AS from_id, dst.id AS to_id FROM src, dst
          WHERE src.overdraft_allowed OR src.balance_cents >= $7::bigint),
  f AS (UPDATE wallet_accounts w SET balance_cents = w.balance_cents - $7::bigint FROM ok
         WHERE w.id = ok.from_id RETURNING w.id, w.balance_cents),
  t AS (UPDATE wallet_accounts w SET balance_cents = w.balance_cents + $7::bigint FROM ok
         WHERE w.id = ok.to_id RETURNING w.id, w.balance_cents),
  x AS (INSERT INTO ledger_transfers (from_account_id, to_account_id, amount_cents, reason, reference, created_at)
        SELECT ok.from_id, ok.to_id, $7::bigint, $8, $9, $10 FROM ok RETURNING id),
  e AS (INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
        SELECT x.id, f.id, -$7::bigint, f.balance_cents, $10 FROM x, f
        UNION ALL SELECT x.id, t.id, $7::bigint, t.balance_cents, $10 FROM x, t)
  SELECT (SELECT coalesce(json_agg(l), '[]'::json) FROM l) AS accounts, x.id AS transfer_id,
         f.balance_cents AS from_balance_cents, t.balance_cents AS to_balance_cents
    FROM (SELECT 1) AS one LEFT JOIN x ON true LEFT JOIN f ON true LEFT JOIN t ON true`;

/** wallet_accounts, ledger_transfers and ledger_entries. Writes always go through the caller's transaction. */
@Injectable()
export class LedgerRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

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

  /**
   * A transfer in one statement (a bet's hot path counts round trips): finds both accounts and
   * locks them in id order (so two transfers never wait on each other in a circle), and — when both
   * exist, differ, and the payer may pay — moves the amount: both balances, the transfer and its
   * two entries (−amount, +amount) with the balances after. Without a transfer the caller reads why
   * from the locked accounts.
   */
  async transfer(manager: EntityManager, t: LedgerMove): Promise<LedgerMoveOutcome> {
    const side = (ref: LedgerAccountRef) => ('userId' in ref ? [ref.userId, null] : [null, ref.system]);
    const rows: LedgerMoveOutcome[] = await preparedQuery(manager, TRANSFER_SQL, [
      [t.from, t.to].flatMap((r) => ('userId' in r ? [r.userId] : [])),
      [t.from, t.to].flatMap((r) => ('system' in r ? [r.system] : [])),
      ...side(t.from),
      ...side(t.to),
      t.amount,
      t.reason,
      t.reference,
      t.at,
    ]);
    return rows[0] as LedgerMoveOutcome;
  }

  async balanceOfUser(userId: number): Promise<number> {
    const rows: { balance_cents: number }[] = await this.dataSource.query(
      'SELECT balance_cents FROM wallet_accounts WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.balance_cents ?? 0;
  }

  async balanceOf(code: string, manager: EntityManager | DataSource = this.dataSource): Promise<number> {
    const rows: { balance_cents: string }[] = await manager.query(
      'SELECT balance_cents FROM wallet_accounts WHERE code = $1',
      [code],
    );
    return Number(rows[0]?.balance_cents ?? 0);
  }

  async lockBalance(manager: EntityManager, code: string): Promise<number> {
    const rows: { balance_cents: string }[] = await manager.query(
      'SELECT balance_cents FROM wallet_accounts WHERE code = $1 FOR UPDATE',
      [code],
    );
    return Number(rows[0]?.balance_cents ?? 0);
  }

  /** A user's entries, newest first, each with the other side of its transfer. */
  async entriesOfUser(
    userId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: Omit<LedgerEntry, 'description'>[]; total: number }> {
    const [items, counted]: [Omit<LedgerEntry, 'description'>[], { total: number }[]] = await Promise.all([
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
