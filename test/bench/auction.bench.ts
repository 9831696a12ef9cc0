// npm run bench:auction [-- --bidders N --viewers V --rate R --seconds S]
// One lot in its last minute, against the built server on a scratch PostgreSQL database: N bidders
// (default 1,000, signed up through the API) bid over HTTP at R bids a second in all (default 100:
// each bidder about once every 10 s; arrivals spread evenly, at most 64 in flight) for S seconds,
// each bid at the minimum next bid on the price last seen, one in five a maximum bid a few increments up (so some are refused as stale, as in a
// real last minute), while V Socket.IO viewers (default 200) watch the lot's room. Then the
// hammer falls. Figures: bids sent, accepted and refused by reason; the bid's answer p50/p99; bid →
// broadcast p99 (from sending an accepted bid to each viewer hearing the state it made); the
// product's own /metrics over the window. Checks: every accepted answer is a stored bid and every
// stored bid was answered accepted (none lost or counted twice), the stored bids in order replay to
// the final price and leader, the lot's held funds equal the leader's maximum at every sample, and
// after the hammer the ledger sums to zero with nothing left held.

import { parseArgs } from 'node:util';
import { CSRF_COOKIE, CSRF_HEADER, type LotState, type PlaceBidResponse } from '@furlong/contracts';
import { bidIncrement, replayBids } from '@furlong/domain';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';
import { type Bettor, signUp } from './bet-placing';

const TARGET_BROADCAST_P99_MS = 100;
const METRICS_TOKEN = 'bench-metrics-token-auction';
const ADMIN = { email: 'auctioneer@furlong.bench', password: 'auctioneer bench password' };
const SOFT_CLOSE_SECONDS = 10;
const STARTING_BID_CENTS = 100_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

async function logIn(baseUrl: string): Promise<Bettor> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  keep(await fetch(`${baseUrl}/api/auth/csrf`));
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), [CSRF_HEADER]: jar.get(CSRF_COOKIE) ?? '' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`admin login: ${res.status} ${await res.text()}`);
  keep(res);
  return { cookie: header(), csrf: jar.get(CSRF_COOKIE) ?? '', userId: ((await res.json()) as { id: number }).id };
}

async function scrape(baseUrl: string): Promise<Map<string, number>> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const out = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    const m =
      /^(furlong_auction_bid_duration_seconds_(?:bucket|count)|furlong_auction_bids_total)(?:\{([^}]*)\})? (\S+)$/.exec(
        line,
      );
    if (!m?.[1] || !m[3]) continue;
    const le = /le="([^"]+)"/.exec(m[2] ?? '')?.[1];
    const outcome = /outcome="([^"]+)"/.exec(m[2] ?? '')?.[1];
    const key = le !== undefined ? `${m[1]}{le="${le}"}` : outcome !== undefined ? `${m[1]}{${outcome}}` : m[1];
    out.set(key, (out.get(key) ?? 0) + Number(m[3]));
  }
  return out;
}

async function main() {
  const { values } = parseArgs({
    options: {
      bidders: { type: 'string', default: '1000' },
      viewers: { type: 'string', default: '200' },
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '45' },
    },
  });
  const bidderCount = Number(values.bidders);
  const viewerCount = Number(values.viewers);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  const db = await scratchDatabase('furlong_bench_auction');
  const server = await startServerProcess(
    {
      DATABASE_URL: db.url,
      RACING_ENABLED: 'false',
      LOG_LEVEL: 'info',
      STARTING_CREDIT_CENTS: '1000000000',
      REGISTER_MAX_PER_IP_PER_HOUR: '100000',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      METRICS_TOKEN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUCTION_HOUSE_SALES: 'false',
      AUCTION_SOFT_CLOSE_SECONDS: String(SOFT_CLOSE_SECONDS),
    },
    300_000,
  );
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  const viewers: Socket[] = [];
  try {
    const started = Date.now();
    const bidders: Bettor[] = [];
    for (let i = 0; i < bidderCount; i += 10) {
      bidders.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, bidderCount - i) }, (_, k) => signUp(server.baseUrl, i + k)),
        )),
      );
    }
    console.log(`${bidderCount} bidders signed up through the API in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // The lot closes when the bidding window ends: every bid lands in its last minute.
    const admin = await logIn(server.baseUrl);
    const [horse] = (await pg.query('SELECT id FROM horses WHERE user_id IS NULL ORDER BY id LIMIT 1')).rows as {
      id: number;
    }[];
    const made = await fetch(`${server.baseUrl}/api/admin/auction/sales`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie, [CSRF_HEADER]: admin.csrf },
      body: JSON.stringify({
        name: 'Bench sale',
        kind: 'public',
        first_close_at: new Date(Date.now() + (seconds + 5) * 1000).toISOString(),
        lots: [{ horse_id: horse?.id, starting_bid_cents: STARTING_BID_CENTS, reserve_cents: null }],
      }),
    });
    if (made.status !== 201) throw new Error(`sale: ${made.status} ${await made.text()}`);
    const sale = (await made.json()) as { id: number };
    const lotId = (
      (await (await fetch(`${server.baseUrl}/api/auction-horses?sale_id=${sale.id}`)).json()) as {
        items: { id: number }[];
      }
    ).items[0]?.id as number;

    // Viewers: each hears every update; when it heard the state of the k-th bid.
    const heard: Map<number, number>[] = [];
    let latest: LotState = (await (
      await fetch(`${server.baseUrl}/api/auction-horses/${lotId}/currentbid`)
    ).json()) as LotState;
    for (let v = 0; v < viewerCount; v++) {
      const socket = io(server.baseUrl, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', () => resolve());
        socket.on('connect_error', reject);
      });
      const mine = new Map<number, number>();
      heard.push(mine);
      socket.on('lot:update', (s: LotState) => {
        mine.set(s.bids, performance.now());
        if (s.bids > latest.bids || s.status !== latest.status) latest = s;
      });
      const joined = (await socket.emitWithAck('lot:join', lotId)) as { ok: boolean };
      if (!joined.ok) throw new Error('viewer could not join the lot');
      viewers.push(socket);
    }

    const before = await scrape(server.baseUrl);
    const sentAt = new Map<number, number>();
    const answers: number[] = [];
    const accepted = new Map<number, number>();
    const refused = new Map<string, number>();
    const heldChecks: { ok: number; bad: number } = { ok: 0, bad: 0 };
    let sent = 0;
    let key = 0;
    const until = Date.now() + seconds * 1000;
    let inFlight = 0;
    const attempt = async () => {
      const bidder = bidders[Math.floor(Math.random() * bidders.length)] as Bettor;
      const seen = latest;
      if (seen.status !== 'open') return;
      inFlight++;
      const t0 = performance.now();
      sent++;
      try {
        const res = await fetch(`${server.baseUrl}/api/auction-horses/${lotId}/bids`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            cookie: bidder.cookie,
            [CSRF_HEADER]: bidder.csrf,
            'Idempotency-Key': `bench-${process.pid}-${++key}`,
          },
          // One bid in five is a maximum a few increments up: the system bids for it (proxy).
          body: JSON.stringify(
            Math.random() < 0.2
              ? {
                  amount_cents:
                    seen.minimum_bid_cents + Math.floor(Math.random() * 5) * bidIncrement(seen.minimum_bid_cents),
                  seen_price_cents: seen.price_cents,
                  kind: 'max',
                }
              : { amount_cents: seen.minimum_bid_cents, seen_price_cents: seen.price_cents, kind: 'bid' },
          ),
        });
        answers.push(performance.now() - t0);
        const body = (await res.json()) as PlaceBidResponse & { reason?: string };
        if (res.status === 201) {
          if (accepted.has(body.bid_id)) throw new Error(`bid ${body.bid_id} answered accepted twice`);
          accepted.set(body.bid_id, body.state.bids);
          sentAt.set(body.state.bids, t0);
          if (body.state.bids > latest.bids) latest = body.state;
        } else {
          const reason = body.reason ?? String(res.status);
          refused.set(reason, (refused.get(reason) ?? 0) + 1);
        }
      } finally {
        inFlight--;
      }
    };
    const pending: Promise<void>[] = [];
    const arrivals = (async () => {
      const t0 = Date.now();
      let fired = 0;
      while (Date.now() < until) {
        const due = Math.floor(((Date.now() - t0) / 1000) * rate);
        while (fired < due) {
          fired++;
          if (inFlight < 64) pending.push(attempt());
          else refused.set('not sent (64 in flight)', (refused.get('not sent (64 in flight)') ?? 0) + 1);
        }
        await sleep(5);
      }
    })();
    const sampler = (async () => {
      while (Date.now() < until) {
        const [row] = (
          await pg.query(
            `SELECT l.leader_max_cents, w.balance_cents FROM auction_horses l
               JOIN wallet_accounts w ON w.code = 'auction_lot:' || l.id WHERE l.id = $1`,
            [lotId],
          )
        ).rows as { leader_max_cents: number | null; balance_cents: string }[];
        if (Number(row?.balance_cents ?? 0) === Number(row?.leader_max_cents ?? 0)) heldChecks.ok++;
        else heldChecks.bad++;
        await sleep(100);
      }
    })();
    const windowStarted = Date.now();
    await Promise.all([arrivals, sampler]);
    await Promise.all(pending);
    const windowSeconds = (Date.now() - windowStarted) / 1000;
    const after = await scrape(server.baseUrl);

    // The hammer: the delayed job at the (last) close, or the sweep.
    const hammerBy = Date.now() + (SOFT_CLOSE_SECONDS + 40) * 1000;
    while (latest.status === 'open' && Date.now() < hammerBy) await sleep(100);
    await sleep(500);
    const [lot] = (
      await pg.query(
        'SELECT status, price_cents::float8 AS price_cents, leader_user_id, hammer_price_cents::float8 AS hammer_price_cents FROM auction_horses WHERE id = $1',
        [lotId],
      )
    ).rows as { status: string; price_cents: number; leader_user_id: number; hammer_price_cents: number }[];
    const stored = (
      await pg.query(
        'SELECT id::int AS id, user_id, max_cents::float8 AS max_cents FROM auction_bids WHERE lot_id = $1 ORDER BY id',
        [lotId],
      )
    ).rows as { id: number; user_id: number; max_cents: number }[];
    const replay = replayBids(
      { starting_bid_cents: STARTING_BID_CENTS, reserve_cents: null },
      stored.map((b) => ({ bidder: b.user_id, max_cents: b.max_cents, seq: b.id })),
    );
    const [{ total, held }] = (
      await pg.query(
        `SELECT (SELECT sum(balance_cents) FROM wallet_accounts)::int8 AS total,
                (SELECT balance_cents FROM wallet_accounts WHERE code = $1)::int8 AS held`,
        [`auction_lot:${lotId}`],
      )
    ).rows as { total: string; held: string }[];

    const latencies: number[] = [];
    for (const mine of heard) {
      for (const [bids, t] of mine) {
        const t0 = sentAt.get(bids);
        if (t0 !== undefined) latencies.push(t - t0);
      }
    }
    latencies.sort((a, b) => a - b);
    answers.sort((a, b) => a - b);
    const metricBuckets = [...after.keys()]
      .filter((k) => k.startsWith('furlong_auction_bid_duration_seconds_bucket'))
      .map((k) => ({ le: Number(/le="([^"]+)"/.exec(k)?.[1]), n: (after.get(k) ?? 0) - (before.get(k) ?? 0) }))
      .sort((a, b) => a.le - b.le);
    const metricCount =
      (after.get('furlong_auction_bid_duration_seconds_count') ?? 0) -
      (before.get('furlong_auction_bid_duration_seconds_count') ?? 0);
    const metricQ = (q: number) => (metricBuckets.find((b) => b.n >= q * metricCount)?.le ?? Number.NaN) * 1000;
    const outcomes = [...after.keys()]
      .filter((k) => k.startsWith('furlong_auction_bids_total{'))
      .map(
        (k) => [k.slice('furlong_auction_bids_total{'.length, -1), (after.get(k) ?? 0) - (before.get(k) ?? 0)] as const,
      )
      .filter(([, n]) => n > 0);

    const storedIds = new Set(stored.map((b) => b.id));
    const lost = [...accepted.keys()].filter((id) => !storedIds.has(id)).length;
    const unanswered = stored.filter((b) => !accepted.has(b.id)).length;
    const checks = {
      'accepted answers = stored bids': accepted.size === stored.length && lost === 0 && unanswered === 0,
      'final price = replay of the stored bids':
        lot?.price_cents === replay.price_cents && lot?.leader_user_id === replay.leader,
      'hammer fell (sold at the final price)': lot?.status === 'sold' && lot.hammer_price_cents === replay.price_cents,
      'held = leading maximum at every sample': heldChecks.bad === 0 && heldChecks.ok > 0,
      'ledger sums to zero, nothing held after the hammer': Number(total) === 0 && Number(held) === 0,
    };
    const p99Broadcast = quantile(latencies, 0.99);

    console.log(
      `\nOne lot in its last minute: ${bidderCount} bidders, ${rate} bids/s offered over HTTP, ${viewerCount} socket viewers, ${windowSeconds.toFixed(1)} s`,
    );
    console.log(`bids sent            ${sent} (${(sent / windowSeconds).toFixed(0)}/s)`);
    console.log(
      `accepted             ${accepted.size} (${(accepted.size / windowSeconds).toFixed(0)}/s), extensions ${latest.extensions}`,
    );
    console.log(`refused              ${[...refused].map(([r, n]) => `${r} ${n}`).join(', ') || 'none'}`);
    console.log(
      `bid answer           p50 ${quantile(answers, 0.5).toFixed(1)} ms, p99 ${quantile(answers, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `bid → broadcast      p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${p99Broadcast.toFixed(1)} ms over ${latencies.length} deliveries (target p99 < ${TARGET_BROADCAST_P99_MS} ms): ${p99Broadcast < TARGET_BROADCAST_P99_MS ? 'met' : 'NOT met'}`,
    );
    console.log(
      `product /metrics     furlong_auction_bid_duration_seconds: ${metricCount} bids, p50 ≤ ${metricQ(0.5)} ms, p99 ≤ ${metricQ(0.99)} ms (bucket bounds); furlong_auction_bids_total: ${outcomes.map(([o, n]) => `${o} ${n}`).join(', ')}`,
    );
    console.log(`final price          $${((lot?.price_cents ?? 0) / 100).toLocaleString('en-US')} (${lot?.status})`);
    for (const [what, ok] of Object.entries(checks)) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    console.log(
      `     lot: ${lot?.status} at ${lot?.price_cents} (hammer ${lot?.hammer_price_cents}) to ${lot?.leader_user_id}; replay: ${replay.price_cents} to ${replay.leader}`,
    );
    console.log(`     held-funds samples: ${heldChecks.ok} equal, ${heldChecks.bad} not`);
    if (Object.values(checks).some((ok) => !ok)) process.exitCode = 1;
  } finally {
    for (const v of viewers) v.close();
    await pg.end();
    await server.stop();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
