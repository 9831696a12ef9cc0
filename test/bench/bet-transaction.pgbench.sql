-- The raw-PostgreSQL figure beside `npm run bench:bets`: one transaction per one-bet slip with
-- the writes the API makes for it (pgbench -f this -D races=R -D users=U, after
-- bet-transaction.setup.sql): claim the idempotency key, lock the race FOR SHARE, insert the bet
-- with its leg and selection, upsert the pool and its interest (locks the pool row), lock the
-- wallet and the pool's account in id order, debit and credit them, the transfer and its two
-- ledger entries, store the slip's answer. No HTTP, no Node: the ceiling the API runs under.
-- Variables are bound as parameters: run with --protocol=prepared (or extended), not simple.
-- pgbench reads :name even inside quotes, hence chr(58) for a colon in a literal.
\set r random(1, :races)
\set u random(1, :users)
\set pp random(1, 6)
\set cents 200
BEGIN;
SELECT id AS race, track_id AS track FROM pgbench_bet_races WHERE n = :r \gset
SELECT user_id AS uid FROM pgbench_bet_users WHERE n = :u \gset
INSERT INTO bet_slips (user_id, idempotency_key, request_hash, response)
  VALUES (:uid, 'pgbench-' || gen_random_uuid(), 'h', '{}'::json) RETURNING id AS slip, idempotency_key AS ikey \gset
SELECT id, status, post_time FROM current_races WHERE id = :race FOR SHARE;
INSERT INTO bets (user_id, bet_type_id, track_id, amount_cents, total_cents, combinations, box, idempotency_key, slip_index, bet_date)
  SELECT :uid::int, bt.id, :track::int, :cents::int, :cents::bigint, 1, false, :ikey::text, 0, now() FROM bet_types bt WHERE bt.bet_type = 'Win'
  RETURNING id AS bet \gset
INSERT INTO bet_legs (bet_id, leg, current_race_id) VALUES (:bet, 1, :race);
INSERT INTO bet_selections (bet_id, slot, post_position) VALUES (:bet, 1, :pp);
INSERT INTO wager_pools (current_race_id, last_race_id, bet_type, bet_type_id, race_ids, takeout, account_code, gross_cents)
  SELECT :race::int, :race::int, 'Win', bt.id, ARRAY[:race::int], 0.16, 'pool' || chr(58) || :race::text || chr(58) || 'win', :cents::bigint FROM bet_types bt WHERE bt.bet_type = 'Win'
  ON CONFLICT (current_race_id, bet_type) DO UPDATE SET gross_cents = wager_pools.gross_cents + EXCLUDED.gross_cents
  RETURNING id AS pool, account_code AS code \gset
INSERT INTO wager_pool_interests (pool_id, interest, amount_cents, house_cents) VALUES (:pool, :pp::text, :cents::bigint, 0)
  ON CONFLICT (pool_id, interest) DO UPDATE SET amount_cents = wager_pool_interests.amount_cents + EXCLUDED.amount_cents;
SELECT id FROM wallet_accounts WHERE user_id = :uid OR code = :code::text ORDER BY id FOR UPDATE;
UPDATE wallet_accounts SET balance_cents = balance_cents - :cents WHERE user_id = :uid AND balance_cents >= :cents
  RETURNING id AS src, balance_cents AS src_after \gset
UPDATE wallet_accounts SET balance_cents = balance_cents + :cents WHERE code = :code
  RETURNING id AS dst, balance_cents AS dst_after \gset
INSERT INTO ledger_transfers (from_account_id, to_account_id, amount_cents, reason, reference, created_at)
  VALUES (:src, :dst, :cents, 'bet', 'bets:' || :bet::text, now()) RETURNING id AS transfer \gset
INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
  VALUES (:transfer, :src, -:cents::bigint, :src_after::bigint, now()), (:transfer, :dst, :cents::bigint, :dst_after::bigint, now());
UPDATE bet_slips SET response = json_build_object('pgbench', true) WHERE id = :slip;
COMMIT;
