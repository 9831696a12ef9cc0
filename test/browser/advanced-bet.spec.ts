import type {
  BetListResponse,
  BetView,
  CurrentRaceListResponse,
  CurrentRaceSummary,
  LiveRaceResult,
  MeResponse,
  PickWillPays,
  ToteView,
  TrackCardResponse,
} from '@furlong/contracts';
import { MIN_PRICE_PER_DOLLAR_CENTS } from '@furlong/domain';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The racing clock at 120× wall time: a card's races 20–35 racing minutes apart post 10–18 s apart.
const TIME_SCALE = 120;
// The first leg must stay open (wall time) long enough for the bettor to build and finalize the ticket,
// with room for a CI machine busy with the other suites (20 s once ran out there).
const FIRST_LEG_WALL_MS = 35_000;
// Pick 3 is three consecutive races of one card, all open when the ticket is placed.
const LEGS = 3;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const dollars = (cents: number) => money.format(cents / 100);

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Every race open for betting now, and the racing clock's time of the listing. */
async function openRaces(baseUrl: string): Promise<{ races: CurrentRaceSummary[]; serverMs: number }> {
  const races: CurrentRaceSummary[] = [];
  let serverMs = 0;
  for (let offset = 0; ; offset += 500) {
    const page = await getJson<CurrentRaceListResponse>(
      `${baseUrl}/api/current_races?status=open&limit=500&offset=${offset}`,
    );
    serverMs ||= Date.parse(page.server_time);
    races.push(...page.items);
    if (offset + page.items.length >= page.total || page.items.length === 0) return { races, serverMs };
  }
}

/**
 * Three consecutive open races of one track's card today, as /advanced-bet-tracks lists them: the
 * sequence whose last leg posts soonest among those whose first leg is at least FIRST_LEG_WALL_MS
 * (wall time) away. Waits for the scheduler to open such a sequence.
 */
async function pick3Sequence(baseUrl: string, timeoutMs = 60_000): Promise<CurrentRaceSummary[]> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { races, serverMs } = await openRaces(baseUrl);
    const byCard = new Map<string, Map<number, CurrentRaceSummary>>();
    for (const r of races) {
      const key = `${r.track_id}/${r.race_date}`;
      const card = byCard.get(key) ?? new Map<number, CurrentRaceSummary>();
      card.set(r.race_number, r);
      byCard.set(key, card);
    }
    const sequences: CurrentRaceSummary[][] = [];
    for (const card of byCard.values()) {
      for (const first of card.values()) {
        const legs = Array.from({ length: LEGS }, (_, i) => card.get(first.race_number + i));
        if (legs.some((r) => r === undefined)) continue;
        if (Date.parse(first.post_time) - serverMs < FIRST_LEG_WALL_MS * TIME_SCALE) continue;
        sequences.push(legs as CurrentRaceSummary[]);
      }
    }
    const lastPost = (s: CurrentRaceSummary[]) => Date.parse((s.at(-1) as CurrentRaceSummary).post_time);
    sequences.sort((a, b) => lastPost(a) - lastPost(b));
    // The track step shows the track's card for its local today: the sequence must be on it.
    for (const sequence of sequences.slice(0, 5)) {
      const card = await getJson<TrackCardResponse>(`${baseUrl}/api/program/tracks/${sequence[0]?.track_id}/card`);
      const listed = sequence.every((leg) => card.races.some((r) => r.id === leg.id && r.status === 'open'));
      if (listed) return sequence;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no ${LEGS} consecutive open races in time`);
}

/** The crowd's favourite of an open race: the lowest tote win odds, once the tote prices every runner. */
async function favourite(
  baseUrl: string,
  raceId: number,
  // Every race of three racing hours opens at once here: on a busy machine the house's pools of the
  // last of them can take a while.
  timeoutMs = 60_000,
): Promise<{ post_position: number; horse_name: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tote = await getJson<ToteView>(`${baseUrl}/api/current_races/${raceId}/tote`);
    const odds = (r: ToteView['runners'][number]) => r.win_odds ?? Number.POSITIVE_INFINITY;
    // The house seeds the win pool when the race opens; until then there are no odds.
    const best = tote.runners.every((r) => r.win_odds !== null)
      ? [...tote.runners].sort((a, b) => odds(a) - odds(b) || a.post_position - b.post_position)[0]
      : undefined;
    if (best) return best;
    if (Date.now() > deadline) throw new Error(`race ${raceId} has no tote odds after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function myBets(page: Page, baseUrl: string): Promise<BetView[]> {
  const res = await page.request.get(`${baseUrl}/api/me/bets?limit=20`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as BetListResponse).items;
}

async function myBalance(page: Page, baseUrl: string): Promise<number> {
  const res = await page.request.get(`${baseUrl}/api/me`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as MeResponse).balance_cents;
}

/** Waits (polling the API the history reads) until the bet has left pending. */
async function settled(page: Page, baseUrl: string, betId: number, timeoutMs: number): Promise<BetView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const bet = (await myBets(page, baseUrl)).find((b) => b.id === betId);
    if (bet && bet.status !== 'pending') return bet;
    if (Date.now() > deadline) throw new Error(`bet ${betId} still ${bet?.status ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The Pick 3 will-pays on the tote of the last leg, between the second leg's result and the third's
 * (the only time the tote gives them): what $2 on the first two winners and each horse of leg 3 pays.
 */
async function pick3WillPays(baseUrl: string, legs: CurrentRaceSummary[], timeoutMs: number): Promise<PickWillPays> {
  const ids = legs.map((l) => l.id);
  const last = ids.at(-1) as number;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tote = await getJson<ToteView>(`${baseUrl}/api/current_races/${last}/tote`);
    const pays = tote.pick_will_pays.find((p) => p.bet_type === 'Pick 3' && p.race_ids.join() === ids.join());
    if (pays?.will_pays) return pays;
    if (tote.status === 'finished') throw new Error(`race ${last} finished before its Pick 3 will-pays were seen`);
    if (Date.now() > deadline) throw new Error(`no Pick 3 will-pays on race ${last} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// A member builds a Pick 3 with Advanced Bet (three consecutive races of one card, the favourite
// in each), finalizes it, finds it pending in the betting history, and after the third race sees it
// settled by the pari-mutuel rules, with the wallet moved by exactly the payout.
describe('an advanced Pick 3 in the browser', () => {
  const suite = browserSuite('furlong_advanced_bet', {
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: String(TIME_SCALE),
    RACING_SCHEDULER_SECONDS: '1',
    // Three racing hours: the whole sequence is open (first leg ≥ 40 min away, legs ≤ 35 min apart).
    RACING_OPEN_LEAD_MINUTES: '180',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should finalize a Pick 3 from the advanced bet screens and settle it after the third race', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const base = server.baseUrl;
    await signUpAndLogIn(page, base);
    const startingBalance = await myBalance(page, base);
    expect((await page.getByTestId('wallet-balance').textContent())?.trim()).toBe(dollars(startingBalance));

    const legs = await pick3Sequence(base);
    const picks = await Promise.all(legs.map((leg) => favourite(base, leg.id)));

    // The bets screen of the first leg: Pick 3 offers Advanced Bet instead of a horse picker.
    await page.goto(`${base}/bets?raceId=${legs[0]?.id}`);
    await page.getByRole('heading', { name: /^Bets — / }).waitFor();
    await page.getByLabel('Bet type').selectOption('Pick 3');
    await page.getByRole('button', { name: 'Advanced Bet' }).click();

    // The track step: exactly three races, else the spec's message and no move on.
    await page.waitForURL(/\/advanced-bet-tracks$/);
    await page.getByRole('heading', { name: /^Advanced Bet — / }).waitFor();
    expect(await page.getByLabel('Bet type').inputValue()).toBe('Pick 3');
    for (const leg of legs.slice(0, 2)) await page.getByLabel(`Select ${leg.race_name}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Proceed to Advanced Bets' }).click();
    await page.getByText('Please select exactly 3 races for the Pick 3 bet type.').waitFor();
    expect(page.url()).toMatch(/\/advanced-bet-tracks$/);
    await page.getByLabel(`Select ${legs[2]?.race_name}`, { exact: true }).check();
    await page.getByText('Please select exactly 3 races for the Pick 3 bet type.').waitFor({ state: 'hidden' });
    await screenshot(page, 'advanced-bet-tracks');
    await page.getByRole('button', { name: 'Proceed to Advanced Bets' }).click();

    // The races step: one horse per race and the amount per race; the total is amount × races.
    await page.waitForURL(/\/advanced-bet-races$/);
    await page.getByRole('heading', { name: /^Pick 3 — / }).waitFor();
    for (const [i, leg] of legs.entries()) {
      const section = page.getByRole('region', { name: `Leg ${i + 1}: ${leg.race_name}` });
      await section.getByLabel(`Pick ${picks[i]?.horse_name} in ${leg.race_name}`, { exact: true }).check();
    }
    await page.getByLabel('Bet amount per race ($)').fill('2');
    const totalCents = 2 * 100 * LEGS;
    expect((await page.getByTestId('advanced-total').textContent())?.trim()).toBe(dollars(totalCents));
    await screenshot(page, 'advanced-bet-races');
    await page.getByRole('button', { name: 'Finalize Bet' }).click();

    // The confirmation: the ticket as placed, and the wallet after the debit.
    await page.waitForURL(/\/confirmation$/);
    await page.getByText('Bet finalized successfully!').waitFor();
    await page.getByRole('heading', { name: 'Bet Confirmation' }).waitFor();
    const summary = page.getByRole('table', { name: 'Your bet' });
    const field = async (label: string) =>
      (
        await summary
          .getByRole('row', { name: new RegExp(`^${label}`) })
          .getByRole('cell')
          .textContent()
      )?.trim();
    expect(await field('Bet type')).toBe('Pick 3');
    expect(await field('Total')).toBe(dollars(totalCents));
    expect(await field('Balance')).toBe(dollars(startingBalance - totalCents));
    const confirmed = page.getByRole('table', { name: 'Races' }).locator('tbody tr');
    expect(await confirmed.count()).toBe(LEGS);
    for (const [i, leg] of legs.entries()) {
      const cells = await confirmed.nth(i).getByRole('cell').allTextContents();
      expect(cells[0]?.trim()).toBe(leg.race_name);
      expect(cells[3]?.trim()).toBe(picks[i]?.horse_name);
    }
    await page.waitForFunction(
      (expected) => document.querySelector('[data-testid="wallet-balance"]')?.textContent?.trim() === expected,
      dollars(startingBalance - totalCents),
    );
    await screenshot(page, 'advanced-bet-confirmation');

    // The API holds one pending Pick 3 ticket on the three races, and the sequence's pool holds it
    // besides the house's seed and the crowd's money.
    const [placed] = await myBets(page, base);
    expect(placed).toMatchObject({
      bet_type: 'Pick 3',
      status: 'pending',
      payout_cents: 0,
      total_cents: totalCents,
      selections: picks.map((p) => [p.post_position]),
    });
    const bet = placed as BetView;
    expect(bet.legs.map((l) => l.current_race_id)).toEqual(legs.map((l) => l.id));
    const tote = await getJson<ToteView>(`${base}/api/current_races/${legs[0]?.id}/tote`);
    const pool = tote.pools.find((p) => p.bet_type === 'Pick 3' && p.race_ids.join() === legs.map((l) => l.id).join());
    expect(pool?.gross_cents).toBeGreaterThanOrEqual(totalCents);

    // The betting history shows it pending.
    await page.getByRole('link', { name: 'Betting History' }).click();
    const history = page.getByRole('table', { name: /of 1 bets/ });
    await history.waitFor();
    const row = history.locator('tbody tr').first();
    expect(await row.getByRole('cell', { name: 'Pick 3', exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: 'pending', exact: true }).count()).toBe(1);
    await screenshot(page, 'advanced-bet-history-pending');

    // The three races run. Between the second result and the third the tote of the last leg shows
    // the will-pays; settlement pays the sequence's pool at the third result.
    const { serverMs } = await openRaces(base);
    const lastPostWallMs = Math.max(0, (Date.parse(legs[2]?.post_time ?? '') - serverMs) / TIME_SCALE);
    const willPays = await pick3WillPays(base, legs, lastPostWallMs + 30_000);
    const outcome = await settled(page, base, bet.id, lastPostWallMs + 45_000);

    const results = await Promise.all(
      legs.map((leg) => getJson<LiveRaceResult>(`${base}/api/current_races/${leg.id}/result`)),
    );
    // Each leg's winners: one, or the horses that dead-heated for the win (a selection of any is right).
    const winners = results.map((r) => {
      const best = Math.min(...r.finishers.map((f) => f.finish_position));
      return r.finishers
        .filter((f) => f.finish_position === best)
        .map((f) => f.post_position)
        .sort((a, b) => a - b);
    });
    expect(willPays.leg_winners).toEqual(winners.slice(0, 2));
    const correct = picks.filter((p, i) => winners[i]?.includes(p.post_position)).length;
    // What $2 on all three legs right pays, per winner of the last leg; null where no ticket holds it.
    const allRight = (winners[2] ?? []).map(
      (h) => willPays.will_pays?.find((w) => w.post_position === h)?.payout_cents ?? null,
    );
    if (correct === LEGS) {
      const shown = willPays.will_pays?.find((w) => w.post_position === picks[2]?.post_position)?.payout_cents;
      // All three right: the ticket is paid at the will-pay, pro rata to its stake. A dead heat in the
      // last leg makes the sequences through each of its winners share one price: never more.
      expect(outcome.status).toBe('won');
      if (winners[2]?.length === 1) expect(outcome.payout_cents).toBe(((shown as number) * totalCents) / 200);
      else expect(outcome.payout_cents).toBeLessThanOrEqual(((shown as number) * totalCents) / 200);
    } else if (allRight.some((c) => c !== null) || correct === 0) {
      // Another ticket holds all three winners (only those are paid), or this one has none right.
      expect(outcome.status).toBe('lost');
    } else if (correct === LEGS - 1) {
      // Nobody holds all three: consolation to the tickets with the most races right, here two.
      expect(outcome.status).toBe('won');
    }
    // With one race right and nobody holding all three, the outcome turns on whether another ticket
    // has two right, which the tote does not show; either way a ticket is paid exactly when it won,
    // and never less than the minimum price.
    expect(outcome.payout_cents > 0).toBe(outcome.status === 'won');
    if (outcome.status === 'won') {
      expect(outcome.payout_cents).toBeGreaterThanOrEqual((totalCents * MIN_PRICE_PER_DOLLAR_CENTS) / 100);
    }
    expect(await myBalance(page, base)).toBe(startingBalance - totalCents + outcome.payout_cents);

    // The history and the header, read again, say the same.
    await page.reload();
    await history.waitFor();
    expect(await row.getByRole('cell', { name: outcome.status, exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: dollars(outcome.payout_cents), exact: true }).count()).toBe(1);
    expect((await page.getByTestId('wallet-balance').textContent())?.trim()).toBe(
      dollars(startingBalance - totalCents + outcome.payout_cents),
    );
    await screenshot(page, 'advanced-bet-history-settled');

    expect(errors).toEqual([]);
  }, 180_000);
});
