import { webcrypto } from 'node:crypto';
import type { LiveRaceResult, RaceVerification } from '@furlong/contracts';
import { type EngineInput, simulateRace } from '@furlong/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeFinisher, makeResult } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
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
    makeFinisher(i + 1, post, { finish_time_ms: Math.round(race.finish_times_ms[post - 1] ?? 0) }),
  );
  return { ...makeResult({ finishers }), engine_runners: [...input.runners] };
}

describe('RaceResultsPage', () => {
  beforeAll(() => {
    // jsdom has no SubtleCrypto: lend it Node's, the same Web Crypto API a browser has.
    Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true });
  });
  beforeEach(() => asMember());

  it('should say so when no race result id is given, and fetch nothing', async () => {
    const { calls } = mockApi({});
    renderRoute('/race-results');
    expect(await screen.findByText(RESULTS_MESSAGES.noId)).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname.includes('result'))).toHaveLength(0);
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

    const rows = screen.getAllByRole('row');
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
