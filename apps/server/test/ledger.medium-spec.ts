import type { INestApplicationContext } from '@nestjs/common';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import {
  HOUSE,
  InsufficientFundsException,
  type LedgerAccountRef,
  LedgerService,
} from '../src/accounts/ledger.service';
import { createApp } from '../src/bootstrap';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

interface Totals {
  balances: number;
  entries: number;
  negativeUsers: number;
  mismatched: number;
  unbalancedTransfers: number;
}

describe(LedgerService.name, () => {
  const dbName = uniqueName('furlong_ledger');
  let app: INestApplicationContext;
  let db: DataSource;
  let sut: LedgerService;
  let users: number[];

  async function totals(): Promise<Totals> {
    const [row]: Totals[] = await db.query(
      `SELECT (SELECT COALESCE(sum(balance_cents), 0) FROM wallet_accounts)::bigint AS balances,
              (SELECT COALESCE(sum(amount_cents), 0) FROM ledger_entries)::bigint AS entries,
              (SELECT count(*) FROM wallet_accounts WHERE kind = 'user' AND balance_cents < 0)::int AS "negativeUsers",
              (SELECT count(*) FROM wallet_accounts a
                WHERE a.balance_cents <> (SELECT COALESCE(sum(e.amount_cents), 0) FROM ledger_entries e
                                           WHERE e.account_id = a.id))::int AS mismatched,
              (SELECT count(*) FROM (SELECT transfer_id FROM ledger_entries GROUP BY transfer_id
                                      HAVING sum(amount_cents) <> 0 OR count(*) <> 2) t)::int AS "unbalancedTransfers"`,
    );
    return row as Totals;
  }

  async function balanceOf(userId: number): Promise<number> {
    return sut.balanceOfUser(userId);
  }

  async function newUser(name: string): Promise<number> {
    const [row]: { id: number }[] = await db.query(
      `INSERT INTO users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`,
      [name, `${name}@furlong.test`],
    );
    const id = (row as { id: number }).id;
    await db.transaction((m) => sut.openUserAccount(m, id));
    return id;
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    const config = loadConfig({
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      RACING_ENABLED: 'false',
      LOG_LEVEL: 'error',
    });
    app = await createApp(config, { logger: createRootLogger({ logLevel: 'error' }) });
    await app.init();
    db = app.get(DataSource);
    sut = app.get(LedgerService);
    users = [];
    for (let i = 0; i < 4; i += 1) users.push(await newUser(`ledger${i}`));
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase(dbName);
  });

  it('should write two entries that sum to zero and move both balances', async () => {
    const user = users[0] as number;
    const result = await db.transaction((m) =>
      sut.transfer(m, {
        from: HOUSE,
        to: { userId: user },
        amount_cents: 5000,
        reason: 'starting_credit',
        reference: 'test',
      }),
    );
    expect(result.to_balance_cents).toBe(5000);
    expect(result.from_balance_cents).toBeLessThanOrEqual(-5000);
    const entries: { amount_cents: number }[] = await db.query(
      'SELECT amount_cents FROM ledger_entries WHERE transfer_id = $1 ORDER BY amount_cents',
      [result.transfer_id],
    );
    expect(entries.map((e) => e.amount_cents)).toEqual([-5000, 5000]);
    expect(await totals()).toEqual({
      balances: 0,
      entries: 0,
      negativeUsers: 0,
      mismatched: 0,
      unbalancedTransfers: 0,
    });
  });

  it('should refuse an overdraft with a clear error and write nothing', async () => {
    const user = users[1] as number;
    const before = await totals();
    const attempt = db.transaction((m) =>
      sut.transfer(m, { from: { userId: user }, to: HOUSE, amount_cents: 1, reason: 'bet', reference: 'bet:1' }),
    );
    await expect(attempt).rejects.toThrow(InsufficientFundsException);
    await expect(attempt).rejects.toThrow('Insufficient funds: the balance is $0.00 and this needs $0.01.');
    expect(await totals()).toEqual(before);
  });

  it('should make several transfers in one statement as one after another would, or refuse them all', async () => {
    const [a, b] = [await newUser('many_a'), await newUser('many_b')];
    await db.transaction((m) =>
      sut.transferMany(m, [
        { from: HOUSE, to: { userId: a }, amount_cents: 1_000, reason: 'starting_credit' },
        { from: HOUSE, to: { userId: b }, amount_cents: 300, reason: 'starting_credit' },
      ]),
    );
    // a pays b 600, b then pays 800 it only has thanks to a, a pays the house its last 400.
    const moved = await db.transaction((m) =>
      sut.transferMany(m, [
        { from: { userId: a }, to: { userId: b }, amount_cents: 600, reason: 'test', reference: 'step:1' },
        { from: { userId: b }, to: HOUSE, amount_cents: 800, reason: 'test', reference: 'step:2' },
        { from: { userId: a }, to: HOUSE, amount_cents: 400, reason: 'test', reference: 'step:3' },
      ]),
    );
    expect(moved.map((t) => [t.from_balance_cents, t.to_balance_cents])).toEqual([
      [400, 900],
      [100, expect.any(Number)],
      [0, expect.any(Number)],
    ]);
    expect(new Set(moved.map((t) => t.transfer_id)).size).toBe(3);
    const entries: { reference: string | null; amount_cents: string; balance_after_cents: string }[] = await db.query(
      `SELECT t.reference, e.amount_cents, e.balance_after_cents FROM ledger_entries e
         JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE e.account_id = (SELECT id FROM wallet_accounts WHERE user_id = $1) ORDER BY e.id`,
      [b],
    );
    expect(entries.map((e) => [e.reference, Number(e.amount_cents), Number(e.balance_after_cents)])).toEqual([
      [null, 300, 300],
      ['step:1', 600, 900],
      ['step:2', -800, 100],
    ]);

    // The same payments in the other order: b cannot pay 800 before a's 600 comes in. Nothing moves.
    const before = await totals();
    const refused = db.transaction((m) =>
      sut.transferMany(m, [
        { from: HOUSE, to: { userId: a }, amount_cents: 600, reason: 'test' },
        { from: { userId: b }, to: HOUSE, amount_cents: 800, reason: 'test' },
        { from: { userId: a }, to: { userId: b }, amount_cents: 600, reason: 'test' },
      ]),
    );
    await expect(refused).rejects.toThrow('Insufficient funds: the balance is $1.00 and this needs $8.00.');
    expect(await totals()).toEqual(before);
    expect(await balanceOf(a)).toBe(0);
    expect(await balanceOf(b)).toBe(100);
  });

  it('should refuse bad amounts and reasons before touching anything', async () => {
    const to = { userId: users[0] as number };
    for (const amount_cents of [0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2]) {
      await expect(
        db.transaction((m) => sut.transfer(m, { from: HOUSE, to, amount_cents, reason: 'x' })),
      ).rejects.toThrow(RangeError);
    }
    await expect(
      db.transaction((m) => sut.transfer(m, { from: HOUSE, to, amount_cents: 1, reason: 'Not A Reason!' })),
    ).rejects.toThrow(RangeError);
  });

  it('should have the database refuse a user balance below zero even if the code were wrong', async () => {
    await expect(
      db.query(`UPDATE wallet_accounts SET balance_cents = -1 WHERE user_id = $1`, [users[2]]),
    ).rejects.toThrow(/ck_wallet_accounts_balance/);
  });

  it('should never let concurrent debits overdraw a wallet (rows are locked)', async () => {
    const user = users[3] as number;
    await db.transaction((m) =>
      sut.transfer(m, { from: HOUSE, to: { userId: user }, amount_cents: 1000, reason: 'test' }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        db.transaction((m) =>
          sut.transfer(m, {
            from: { userId: user },
            to: HOUSE,
            amount_cents: 300,
            reason: 'bet',
            reference: `bet:${i}`,
          }),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await balanceOf(user)).toBe(100);
  });

  it('should make the house again if a reset removed it', async () => {
    const user = users[2] as number;
    // In a transaction that is rolled back: the house is gone as after `npm run seed`'s truncation.
    const rollback = db.transaction(async (m) => {
      await m.query("UPDATE wallet_accounts SET code = 'old-house' WHERE code = 'house'");
      const result = await sut.transfer(m, { from: HOUSE, to: { userId: user }, amount_cents: 100, reason: 'test' });
      expect(result.from_balance_cents).toBe(-100);
      const [house]: { overdraft_allowed: boolean }[] = await m.query(
        "SELECT overdraft_allowed FROM wallet_accounts WHERE code = 'house'",
      );
      expect(house?.overdraft_allowed).toBe(true);
      throw new Error('rollback');
    });
    await expect(rollback).rejects.toThrow('rollback');
  });

  it('should keep every balance and all entries summing to zero over any sequence of transfers', async () => {
    const accounts: LedgerAccountRef[] = [HOUSE, ...users.map((userId) => ({ userId }))];
    const transfer = fc.record({
      from: fc.integer({ min: 0, max: accounts.length - 1 }),
      to: fc.integer({ min: 0, max: accounts.length - 1 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(transfer, { minLength: 1, maxLength: 15 }), async (steps) => {
        for (const step of steps) {
          if (step.from === step.to) continue;
          const from = accounts[step.from] as LedgerAccountRef;
          const to = accounts[step.to] as LedgerAccountRef;
          const payerBefore = 'userId' in from ? await balanceOf(from.userId) : Number.POSITIVE_INFINITY;
          try {
            await db.transaction((m) => sut.transfer(m, { from, to, amount_cents: step.amount, reason: 'test' }));
            expect(payerBefore).toBeGreaterThanOrEqual(step.amount);
          } catch (err) {
            expect(err).toBeInstanceOf(InsufficientFundsException);
            expect(payerBefore).toBeLessThan(step.amount);
          }
        }
        expect(await totals()).toEqual({
          balances: 0,
          entries: 0,
          negativeUsers: 0,
          mismatched: 0,
          unbalancedTransfers: 0,
        });
      }),
      { numRuns: 25 },
    );
  });
});
