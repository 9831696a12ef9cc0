-- Setup for bet-transaction.pgbench.sql (run by `npm run bench:bets` on the bench's scratch
-- database after the API run): the open races the API run bet on, numbered 1..n, and the
-- bettors' wallets numbered 1..n, so the script picks them with random(1, n).
DROP TABLE IF EXISTS pgbench_bet_races, pgbench_bet_users;
CREATE TABLE pgbench_bet_races AS
  SELECT row_number() OVER (ORDER BY id)::int AS n, id, num_horses, track_id
    FROM current_races WHERE status = 'open' AND post_time > now();
CREATE TABLE pgbench_bet_users AS
  SELECT row_number() OVER (ORDER BY user_id)::int AS n, user_id
    FROM wallet_accounts WHERE kind = 'user' AND balance_cents > 1000000;
ALTER TABLE pgbench_bet_races ADD PRIMARY KEY (n);
ALTER TABLE pgbench_bet_users ADD PRIMARY KEY (n);
SELECT (SELECT count(*) FROM pgbench_bet_races) AS races, (SELECT count(*) FROM pgbench_bet_users) AS users;
