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

/** What a statement of several transfers did: the accounts it locked, and the transfers unless refused. */
export interface LedgerMovesOutcome {
  accounts: LockedAccount[];
  /** Per move, in the order given; empty when the statement moved nothing. */
  moved: { transfer_id: number; from_balance_cents: number; to_balance_cents: number }[];
}

/**
 * See LedgerRepository.transferMany. The moves are numbered in the order given (m.no); each
 * account's balance after a move is its balance before the statement plus every delta up to that
 * move, so a payer's wallet is checked move by move exactly as one transfer after another would be.
 */
const TRANSFER_MANY_SQL = `
  WITH m AS (
    SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::bigint[], $6::text[], $7::text[])
      WITH ORDINALITY AS m(from_user, from_code, to_user, to_code, amount, reason, reference, no)),
  l AS (
    SELECT id, user_id, code, balance_cents, overdraft_allowed FROM wallet_accounts
     WHERE user_id = ANY($8::int[]) OR code = ANY($9::text[]) ORDER BY id FOR UPDATE),
  -- count(*) reads l to its end: every row is locked, in id order, before any is written.
  a AS (SELECT * FROM l WHERE (SELECT count(*) FROM l) >= 0),
  mv AS (
    SELECT m.no, m.amount, m.reason, m.reference, s.id AS from_id, d.id AS to_id
      FROM m
      JOIN a s ON CASE WHEN m.from_user IS NOT NULL THEN s.user_id = m.from_user ELSE s.code = m.from_code END
      JOIN a d ON CASE WHEN m.to_user IS NOT NULL THEN d.user_id = m.to_user ELSE d.code = m.to_code END),
  d AS (
    SELECT mv.no, x.account_id, x.delta FROM mv
     CROSS JOIN LATERAL (VALUES (mv.from_id, -mv.amount), (mv.to_id, mv.amount)) AS x(account_id, delta)),
  run AS (
    SELECT d.no, d.account_id, d.delta, a.overdraft_allowed,
           a.balance_cents + sum(d.delta) OVER (PARTITION BY d.account_id ORDER BY d.no) AS after
      FROM d JOIN a ON a.id = d.account_id),
  ok AS (
    SELECT (SELECT count(*) FROM mv) = cardinality($5::bigint[])
       AND NOT EXISTS (SELECT 1 FROM mv WHERE mv.from_id = mv.to_id)
       AND NOT EXISTS (SELECT 1 FROM run WHERE run.delta < 0 AND NOT run.overdraft_allowed AND run.after < 0) AS ok),
  ids AS (
    SELECT mv.no, nextval(pg_get_serial_sequence('ledger_transfers', 'id')) AS id
      FROM mv, ok WHERE ok.ok),
  w AS (
    UPDATE wallet_accounts w SET balance_cents = w.balance_cents + t.total
      FROM (SELECT account_id, sum(delta) AS total FROM d GROUP BY account_id) t, ok
     WHERE ok.ok AND w.id = t.account_id RETURNING w.id),
  x AS (
    INSERT INTO ledger_transfers (id, from_account_id, to_account_id, amount_cents, reason, reference, created_at)
    SELECT ids.id, mv.from_id, mv.to_id, mv.amount, mv.reason, mv.reference, $10
      FROM mv JOIN ids ON ids.no = mv.no ORDER BY mv.no RETURNING id),
  e AS (
    INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
    SELECT ids.id, run.account_id, run.delta, run.after, $10
      FROM run JOIN ids ON ids.no = run.no ORDER BY run.no, run.delta)
  SELECT (SELECT coalesce(json_agg(l), '[]'::json) FROM l) AS accounts,
         (SELECT coalesce(json_agg(json_build_object(
                   'no', ids.no, 'transfer_id', ids.id,
                   'from_balance_cents', (SELECT r.after FROM run r JOIN mv ON mv.no = r.no
                                           WHERE r.no = ids.no AND r.account_id = mv.from_id),
                   'to_balance_cents', (SELECT r.after FROM run r JOIN mv ON mv.no = r.no
                                         WHERE r.no = ids.no AND r.account_id = mv.to_id))
                   ORDER BY ids.no), '[]'::json)
            FROM ids) AS moved`;

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

  /** Opens (or finds) several system accounts at zero, none allowed an overdraft; in the order given. */
  async openSystemAccounts(manager: EntityManager, codes: readonly string[]): Promise<void> {
    if (codes.length === 0) return;
    await manager.query(
      `INSERT INTO wallet_accounts (kind, code, overdraft_allowed)
       SELECT 'system', code, false FROM unnest($1::text[]) WITH ORDINALITY AS u(code, no) ORDER BY no
       ON CONFLICT (code) DO NOTHING`,
      [codes],
    );
  }

  async balanceOfUser(userId: number, manager: EntityManager | DataSource = this.dataSource): Promise<number> {
    const rows: { balance_cents: number }[] = await manager.query(
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

  /**
   * Several transfers in one statement (a group of bet slips counts round trips too): locks every
   * account they name in id order and, when every account exists, no transfer pays itself and no
   * payer without an overdraft goes below zero at any step, writes them all in the order given, each
   * with its two entries and the balances after it. Otherwise it writes nothing, and the caller reads
   * why from the locked accounts (see LedgerService.transferMany).
   */
  async transferMany(manager: EntityManager, moves: readonly LedgerMove[], at: Date): Promise<LedgerMovesOutcome> {
    const user = (ref: LedgerAccountRef) => ('userId' in ref ? ref.userId : null);
    const code = (ref: LedgerAccountRef) => ('system' in ref ? ref.system : null);
    const refs = moves.flatMap((m) => [m.from, m.to]);
    const rows: {
      accounts: LockedAccount[];
      moved: { transfer_id: string; from_balance_cents: string; to_balance_cents: string }[];
    }[] = await preparedQuery(manager, TRANSFER_MANY_SQL, [
      moves.map((m) => user(m.from)),
      moves.map((m) => code(m.from)),
      moves.map((m) => user(m.to)),
      moves.map((m) => code(m.to)),
      moves.map((m) => m.amount),
      moves.map((m) => m.reason),
      moves.map((m) => m.reference),
      [...new Set(refs.map(user).filter((u) => u !== null))],
      [...new Set(refs.map(code).filter((c) => c !== null))],
      at,
    ]);
    const row = rows[0] as (typeof rows)[number];
    return {
      accounts: row.accounts,
      moved: row.moved.map((m) => ({
        transfer_id: Number(m.transfer_id),
        from_balance_cents: Number(m.from_balance_cents),
        to_balance_cents: Number(m.to_balance_cents),
      })),
    };
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
