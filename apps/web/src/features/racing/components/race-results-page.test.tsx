import { webcrypto } from 'node:crypto';
import type { LiveRaceResult, RaceVerification } from '@furlong/contracts';
import { type EngineInput, officialTimeMs, simulateRace } from '@furlong/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  json,
  list,
  makeBet,
  makeFinisher,
  makeRacePayoffs,
  makeResult,
  makeResultPool,
} from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { PAYOFF_MESSAGES } from './race-payoffs';
import { RESULTS_MESSAGES } from './race-results-page';

const verification = (patch: Partial<RaceVerification> = {}): RaceVerification => ({
  current_race_id: 7,
  seed: 'c0ffee',
  seed_hash: makeResult().seed_hash,
  hash_matches: true,
  result_matches: true,
  official_order: [3, 1, 2],
  rerun_order: [3, 1, 2],
  ...patch,
});

/** A result the engine really produced, with the inputs it was run from (as the server would publish them). */
function engineResult(): LiveRaceResult & { engine_runners: EngineInput['runners'] } {
  const input: EngineInput = {
    seed: 'c0ffee',
    runners: [1, 2, 3].map((post) => ({
      post_position: post,
      horse_id: 100 + post,
      speed_figure: 80 + post * 3,
      stamina: 0.4 + post / 10,
      jockey_skill: 0.5,
      early_speed: 0.3 * post,
    })),
    conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
  };
  const race = simulateRace(input);
  const finishers = race.finish_order.map((post, i) =>
    // Stored as the official timer records it: to the hundredth.
    makeFinisher(i + 1, post, { finish_time_ms: officialTimeMs(race.finish_times_ms[post - 1] ?? 0) }),
  );
  return { ...makeResult({ finishers }), engine_runners: [...input.runners] };
}

describe('RaceResultsPage', () => {
  beforeAll(() => {
    // jsdom has no SubtleCrypto: lend it Node's, the same Web Crypto API a browser has.
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  });
  beforeEach(() => asMember());

  it('should say so when the race result id is no id, fetch nothing, and offer the list of results', async () => {
    const { calls } = mockApi({});
    renderRoute('/race-results?id=abc');
    expect(await screen.findByText(RESULTS_MESSAGES.noId)).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname.includes('result') || u.pathname.includes('payoffs'))).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'All results' })).toHaveAttribute('href', '/race-results');
  });

  it('should show the loading text, then the result record and the finishers with links', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = mockApi({});
    const answered = fetchMock.getMockImplementation() as typeof fetch;
    // The result answers when the test says so; everything else as mocked.
    globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/result') ? pending : answered(input, init),
    ) as typeof fetch;
    renderRoute('/race-results?id=7');
    expect(await screen.findByText(RESULTS_MESSAGES.loading)).toBeInTheDocument();
    await act(async () => answer(json(200, makeResult())));

    expect(await screen.findByRole('heading', { name: 'Race Results: Aville Race 3' })).toBeInTheDocument();
    const record = screen.getByRole('heading', { name: 'Result record' }).closest('section') as HTMLElement;
    expect(within(record).getByRole('link', { name: 'Copper Kettle' })).toHaveAttribute('href', '/page-horse/103');
    expect(within(record).getByRole('link', { name: 'Aville Downs' })).toHaveAttribute('href', '/page-track/1');
    expect(within(record).getByText('1:11.25')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Finishers in order' })).getAllByRole('row');
    const winner = rows[1] as HTMLElement;
    expect(within(winner).getByRole('link', { name: 'Copper Kettle' })).toHaveAttribute('href', '/page-horse/103');
    expect(within(winner).getByRole('link', { name: 'Jockey 3' })).toHaveAttribute('href', '/page-jockey/203');
    expect(within(winner).getByRole('link', { name: 'Trainer 3' })).toHaveAttribute('href', '/page-trainer/303');
    expect(within(winner).getByRole('link', { name: 'Owner 3' })).toHaveAttribute('href', '/page-owner/403');
    expect(within(winner).getByText('$10,200.00')).toBeInTheDocument();
    expect(rows).toHaveLength(4);
  });

  it('should lay the record out in the chosen number of columns, never fewer than one', async () => {
    mockApi({ '/api/current_races/7/result': () => makeResult() });
    renderRoute('/race-results?id=7');
    const columns = await screen.findByRole('spinbutton', { name: 'Columns' });
    const sheet = () => document.querySelector('.result-sheet') as HTMLElement;
    expect(columns).toHaveAttribute('min', '1');
    expect(sheet().dataset.columns).toBe('2');
    fireEvent.change(columns, { target: { value: '4' } });
    expect(sheet().dataset.columns).toBe('4');
    expect(sheet().style.gridTemplateColumns).toBe('repeat(4, minmax(0, 1fr))');
    fireEvent.change(columns, { target: { value: '0' } });
    expect(sheet().dataset.columns).toBe('1');
  });

  it('should list the runners scratched before the off, with why', async () => {
    mockApi({
      '/api/current_races/7/result': () =>
        makeResult({
          scratched: [
            {
              post_position: 4,
              horse_id: 104,
              horse_name: 'Dark Star',
              reason: 'Vet scratch',
              scratched_at: '2026-11-23T12:40:00.000Z',
              scratched_by: 'simulation',
            },
          ],
        }),
    });
    renderRoute('/race-results?id=7');
    const scratched = await screen.findByRole('region', { name: 'Scratched' });
    expect(within(scratched).getByRole('link', { name: 'Dark Star' })).toHaveAttribute('href', '/page-horse/104');
    expect(within(scratched).getByText('SCR')).toBeInTheDocument();
    expect(scratched).toHaveTextContent('Vet scratch');
  });

  it('should show no Scratched section when every runner started', async () => {
    mockApi({ '/api/current_races/7/result': () => makeResult() });
    renderRoute('/race-results?id=7');
    await screen.findByRole('heading', { name: 'Finish' });
    expect(screen.queryByRole('region', { name: 'Scratched' })).not.toBeInTheDocument();
  });

  it('should read a race result by its own id', async () => {
    const { calls } = mockApi({ '/api/race_results/55': () => makeResult() });
    renderRoute('/race-results?resultId=55');
    expect(await screen.findByRole('heading', { name: 'Race Results: Aville Race 3' })).toBeInTheDocument();
    expect(calls.map((u) => u.pathname)).toContain('/api/race_results/55');
  });

  it('should show the error message when the server fails, with a way to watch a race that has not finished', async () => {
    mockApi({
      '/api/current_races/7/result': () =>
        json(404, { statusCode: 404, message: 'Result of current race 7 not found' }),
      '/api/current_races/8/result': () => json(500, { statusCode: 500, message: 'database down' }),
    });
    const first = renderRoute('/race-results?id=7');
    expect(await screen.findByRole('alert')).toHaveTextContent(RESULTS_MESSAGES.error);
    expect(screen.getByRole('link', { name: 'watch race 7' })).toHaveAttribute('href', '/race/7');
    first.unmount();

    renderRoute('/race-results?id=8');
    expect(await screen.findByRole('alert')).toHaveTextContent(`${RESULTS_MESSAGES.error} (database down)`);
  });

  it("should verify the seed's hash in the browser and show the server's check", async () => {
    const digest = jest.spyOn(webcrypto.subtle, 'digest');
    const { calls } = mockApi({
      '/api/current_races/7/result': () => makeResult(),
      '/api/current_races/7/verify': () => verification(),
    });
    renderRoute('/race-results?id=7');
    expect(await screen.findByText('c0ffee')).toBeInTheDocument();
    expect(calls.some((u) => u.pathname.endsWith('/verify'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const checks = await screen.findByRole('list', { name: 'Verification' });
    await waitFor(() => expect(checks).toHaveTextContent(/matches the published hash/));
    expect(digest).toHaveBeenCalledWith('SHA-256', expect.anything());
    expect(checks).toHaveTextContent(/not available: The result does not publish the engine inputs/);
    await waitFor(() =>
      expect(checks).toHaveTextContent('hash matches; re-run finish order matches the official order (3-1-2 vs 3-1-2)'),
    );
    digest.mockRestore();
  });

  it('should say when the revealed seed does not hash to the published hash', async () => {
    mockApi({
      '/api/current_races/7/result': () => makeResult({ seed_hash: 'a'.repeat(64) }),
      '/api/current_races/7/verify': () => verification({ hash_matches: false }),
    });
    renderRoute('/race-results?id=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const checks = await screen.findByRole('list', { name: 'Verification' });
    await waitFor(() => expect(checks).toHaveTextContent(/does NOT match the published hash/));
    await waitFor(() => expect(checks).toHaveTextContent(/hash does NOT match; re-run/));
  });

  it('should re-run the race in the browser from the revealed seed when the engine inputs are published', async () => {
    const result = engineResult();
    mockApi({ '/api/current_races/7/result': () => result, '/api/current_races/7/verify': () => verification() });
    renderRoute('/race-results?id=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const order = result.finishers.map((f) => f.post_position).join('-');
    const checks = await screen.findByRole('list', { name: 'Verification' });
    await waitFor(() =>
      expect(checks).toHaveTextContent(`finish order and times matches the official result (${order})`),
    );
  });

  it('should catch a result whose order the engine does not reproduce', async () => {
    const honest = engineResult();
    const [a, b, c] = honest.finishers as [
      LiveRaceResult['finishers'][0],
      LiveRaceResult['finishers'][0],
      LiveRaceResult['finishers'][0],
    ];
    const swapped = { ...honest, finishers: [{ ...b, finish_position: 1 }, { ...a, finish_position: 2 }, c] };
    mockApi({ '/api/current_races/7/result': () => swapped, '/api/current_races/7/verify': () => verification() });
    renderRoute('/race-results?id=7');
    fireEvent.click(await screen.findByRole('button', { name: 'Verify' }));
    const checks = await screen.findByRole('list', { name: 'Verification' });
    await waitFor(() => expect(checks).toHaveTextContent(/finish order and times does NOT match the official result/));
  });
});

describe('RaceResultsPage payoffs', () => {
  beforeEach(() => asMember());

  const leg = (raceId: number, name: string) => ({
    leg: raceId === 7 ? 1 : 2,
    current_race_id: raceId,
    race_name: name,
    race_number: raceId - 4,
    race_date: '2026-11-23',
    post_time: '2026-11-23T13:00:00.000Z',
    track_id: 1,
    track_name: 'Aville Downs',
    status: raceId === 7 ? 'finished' : 'open',
  });

  function mockResult(handlers: Parameters<typeof mockApi>[0] = {}) {
    return mockApi({
      '/api/current_races/7/result': () => makeResult(),
      '/api/current_races/7/payoffs': () => makeRacePayoffs(),
      '/api/me/bets': () => list([], 0, 0, 200),
      ...handlers,
    });
  }

  it('should lead with the $2 Win, Place and Show prices of the first three and the pool totals', async () => {
    mockResult();
    renderRoute('/race-results?id=7');
    const table = await screen.findByRole('table', { name: 'Win, Place and Show ($2)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from((r as HTMLTableRowElement).cells, (c) => c.textContent?.trim()).join(' | '));
    expect(rows).toEqual([
      'Fin | Horse | Win | Place | Show',
      '1 | 3 Copper Kettle | $8.40 | $4.20 | $3.00',
      '2 | 1 Silver Comet |  | $5.60 | $3.80',
      '3 | 2 Night Ledger |  |  | $4.60',
    ]);
    expect(screen.getByRole('list', { name: 'Win, place and show pools' })).toHaveTextContent(
      'Win pool $5,000.00Place pool $3,000.00Show pool $2,000.00',
    );
    // Payoffs come first, before the result record.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Payoffs', 'Your bets', 'Result record']);
  });

  it("should show each exotic's winning combination per its base amount and per $2, and a refund said plainly", async () => {
    mockResult();
    renderRoute('/race-results?id=7');
    const table = await screen.findByRole('table', { name: 'Exotics' });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('\\$1 Exacta')).toHaveTextContent(/3-1\s*\$24\.50\s*\$49\.00\s*\$2,500\.00/);
    expect(row('10¢ Trifecta')).toHaveTextContent(/3-1-2\s*\$87\.60\s*\$1,752\.00/);
    expect(row('\\$1 Quinella')).toHaveTextContent('No winning ticket: every ticket refunded');
  });

  it('should show the double and the Pick N this race ends, a consolation and a carryover', async () => {
    const pick = (combination: string) => ({
      combination,
      price_per_dollar_cents: 1_250,
      base_payout_cents: 125,
      two_dollar_payout_cents: 2_500,
      winning_cents: 400,
      paid_cents: 5_000,
      races_correct: 3,
      paid_class: null,
    });
    mockResult({
      '/api/current_races/7/payoffs': () =>
        makeRacePayoffs({
          pools: [
            makeResultPool('Daily Double', {
              race_ids: [6, 7],
              payoffs: [
                { ...pick('5-3'), races_correct: null, base_payout_cents: 3_120, two_dollar_payout_cents: 6_240 },
              ],
            }),
            makeResultPool('Pick 3', {
              race_ids: [5, 6, 7],
              outcome: 'carried_over',
              carried_over_cents: 190_000,
            }),
            makeResultPool('Pick 4', {
              race_ids: [4, 5, 6, 7],
              outcome: 'consolation',
              carryover_in_cents: 45_000,
              payoffs: ['1-5-2-3', '1-5-4-3', '2-5-2-3', '6-5-2-3', '7-5-2-3'].map(pick),
            }),
          ],
        }),
    });
    renderRoute('/race-results?id=7');
    const table = await screen.findByRole('table', { name: 'Exotics' });
    expect(within(table).getByRole('row', { name: /^\$1 Daily Double/ })).toHaveTextContent(
      /5-3\s*\$31\.20\s*\$62\.40/,
    );
    expect(within(table).getByRole('row', { name: /^10¢ Pick 3/ })).toHaveTextContent(
      'No winning ticket: $1,900.00 carried over to the next Pick 3 at this track',
    );
    const consolation = within(table).getByRole('rowheader', { name: '10¢ Pick 4 (3 of 4 correct)' });
    expect(consolation).toHaveAttribute('rowspan', '3');
    expect(table).toHaveTextContent('2-5-2-3 and 2 more');
    expect(table).toHaveTextContent('$2,500.00 + $450.00 carryover');
  });

  it('should mark a dead heat "DH" and show a pool paid on a fallback class as one row', async () => {
    mockResult({
      '/api/current_races/7/result': () =>
        makeResult({
          finishers: [
            makeFinisher(1, 3),
            makeFinisher(2, 5, { dead_heat: true }),
            makeFinisher(2, 1, { dead_heat: true }),
          ],
        }),
      '/api/current_races/7/payoffs': () =>
        makeRacePayoffs({
          pools: [
            makeResultPool('Exacta', {
              outcome: 'fallback',
              payoffs: ['3-2', '3-4'].map((combination) => ({
                combination,
                price_per_dollar_cents: 400,
                base_payout_cents: 400,
                two_dollar_payout_cents: 800,
                winning_cents: 1_000,
                paid_cents: 4_000,
                races_correct: null,
                paid_class: '3-*',
              })),
            }),
          ],
        }),
    });
    renderRoute('/race-results?id=7');
    const finishers = await screen.findByRole('table', { name: 'Finishers in order' });
    const dh = within(finishers).getAllByTitle('Dead heat');
    expect(dh).toHaveLength(2);
    expect(within(finishers).getAllByRole('row')[2]).toHaveTextContent(/^2 DH/);
    const exotics = await screen.findByRole('table', { name: 'Exotics' });
    const row = within(exotics).getByRole('row', { name: /^\$1 Exacta/ });
    expect(row).toHaveTextContent(/3-any \(No winning ticket: paid 3-any by the fallback rule\)\s*\$4\.00\s*\$8\.00/);
    expect(within(exotics).getAllByRole('row')).toHaveLength(2);
  });

  it('should say the pools are being settled, and say so when the payoffs cannot be read', async () => {
    mockResult({ '/api/current_races/7/payoffs': () => makeRacePayoffs({ settled: false }) });
    const settling = renderRoute('/race-results?id=7');
    expect(await screen.findByText(PAYOFF_MESSAGES.settling)).toBeInTheDocument();
    settling.unmount();

    mockResult({ '/api/current_races/7/payoffs': () => json(500, { statusCode: 500, message: 'database down' }) });
    renderRoute('/race-results?id=7');
    expect(await screen.findByRole('alert')).toHaveTextContent(`${PAYOFF_MESSAGES.error} (database down)`);
    // The rest of the result still shows.
    expect(screen.getByRole('table', { name: 'Finishers in order' })).toBeInTheDocument();
  });

  it('should say when no pool was open on the race', async () => {
    mockResult({ '/api/current_races/7/payoffs': () => makeRacePayoffs({ pools: [], win_place_show: [] }) });
    renderRoute('/race-results?id=7');
    expect(await screen.findByText(PAYOFF_MESSAGES.noPools)).toBeInTheDocument();
  });

  it('should list your bets on the race with what each came to', async () => {
    const race7 = leg(7, 'Aville Race 3');
    const { calls } = mockResult({
      '/api/me/bets': () =>
        list(
          [
            makeBet(1, { legs: [race7], status: 'won', payout_cents: 840 }),
            makeBet(2, {
              bet_type: 'Exacta',
              legs: [race7],
              selections: [[1, 3]],
              box: true,
              amount_cents: 100,
              combinations: 2,
              total_cents: 200,
              status: 'lost',
            }),
            makeBet(3, {
              bet_type: 'Quinella',
              legs: [race7],
              selections: [[1, 2]],
              status: 'refunded',
              payout_cents: 200,
            }),
            makeBet(4, {
              bet_type: 'Daily Double',
              legs: [race7, leg(8, 'Aville Race 4')],
              selections: [[3], [1, 2]],
              combinations: 2,
              total_cents: 400,
            }),
          ],
          4,
          0,
          200,
        ),
    });
    renderRoute('/race-results?id=7');
    const mine = await screen.findByRole('table', { name: 'Your bets on this race' });
    const rows = within(mine)
      .getAllByRole('row')
      .map((r) => Array.from((r as HTMLTableRowElement).cells, (c) => c.textContent?.trim()).join(' | '));
    expect(rows).toEqual([
      'Bet | Horses | Cost | Outcome',
      '$2 Win | #3 Blue Moon | $2.00 | Won $8.40',
      '$1 Exacta | #1 Silver Comet, #3 Blue Moon (box) | $2.00 | Lost',
      '$2 Quinella | #1 Silver Comet, #2 Red Baron | $2.00 | Refunded $2.00',
      '$2 Daily Double (leg 1 of 2; settles after Aville Race 4) | #3 Blue Moon / #1 Silver Comet, #2 Red Baron | $4.00 | Pending',
    ]);
    expect(screen.getByText(/Staked \$10\.00, paid back \$10\.40\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Betting history' })).toHaveAttribute('href', '/user-bets');
    const asked = calls.find((u) => u.pathname === '/api/me/bets');
    expect(asked?.searchParams.get('race_id')).toBe('7');
  });

  it('should say when you had no bets on the race', async () => {
    mockResult();
    renderRoute('/race-results?id=7');
    expect(await screen.findByText(PAYOFF_MESSAGES.noBets)).toBeInTheDocument();
  });

  it('should read the payoffs of the race a result id names', async () => {
    const { calls } = mockResult({ '/api/race_results/55': () => makeResult() });
    renderRoute('/race-results?resultId=55');
    expect(await screen.findByRole('table', { name: 'Exotics' })).toBeInTheDocument();
    expect(calls.map((u) => u.pathname)).toContain('/api/current_races/7/payoffs');
  });
});
