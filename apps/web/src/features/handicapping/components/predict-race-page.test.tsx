import type { BacktestResponse, ForecastScore, PredictorFieldResponse } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';

// Race 7: Fast Lane has the speed, Old Money the earnings, Hot Hand the wins.
const field: PredictorFieldResponse = {
  race_id: 7,
  race_name: 'Aville Race 7',
  race_title: 'Claiming $12,500',
  track_name: 'Aville Downs',
  post_time: '2026-11-25T18:00:00Z',
  status: 'open',
  runners: [
    ['Fast Lane', 0.1, 95, 10_000, 70, 0.1],
    ['Old Money', 0.1, 70, 9_000_000, 75, 0.1],
    ['Hot Hand', 0.6, 70, 10_000, 75, 0.1],
  ].map(([horse_name, win_rate, average_speed, earnings_cents, last, jockey], i) => ({
    post_position: i + 1,
    horse_id: 700 + i,
    horse_name: horse_name as string,
    jockey_name: `Jockey ${i + 1}`,
    win_rate: win_rate as number,
    average_speed: average_speed as number,
    earnings_cents: earnings_cents as number,
    last_race_time_seconds: last as number,
    jockey_win_rate: jockey as number,
    morning_line: '2-1',
  })),
};

/** GET /api/current_races/7/fair_odds: Fast Lane wins 50 % of the engine's runs (1-1). */
const fairOdds = () => ({
  current_race_id: 7,
  race_status: 'open',
  status: 'ready',
  runs: 5000,
  seed: 'fresh',
  computed_at: '2026-11-25T17:00:00Z',
  overlay_margin: 0.1,
  runners: [0.5, 0.2, 0.3].map((p, i) => ({
    post_position: i + 1,
    horse_name: field.runners[i]?.horse_name,
    win_probability: p,
    place_probability: 2 * p,
    show_probability: Math.min(1, 3 * p),
    win_standard_error: 0.007,
    place_standard_error: 0.007,
    show_standard_error: 0.007,
    win_fair_odds: (1 - p) / p,
    place_fair_odds: null,
    show_fair_odds: null,
    win_fair_odds_display: ['1-1', '4-1', '2-1'][i],
    live_win_odds: null,
    overlay: false,
  })),
});

const score = (name: ForecastScore['name'], hit: number): ForecastScore => ({
  name,
  label: name === 'yours' ? 'Your weights' : name === 'spec' ? "The spec's weights" : "The tote's final odds",
  races: 3600,
  hit_rate: hit,
  log_loss: 2.1,
  brier: 0.88,
  flat_bet: null,
  calibration: [{ from: 0, to: 0.1, count: 100, mean_predicted: 0.05, observed: 0.06 }],
  mean_absolute_calibration_error: 0.012,
});

function backtest(url: URL): BacktestResponse {
  // The hit rate tells which weights were asked for: average speed alone scores 0.31.
  const speedOnly = url.searchParams.get('win_rate') === '0';
  return {
    races: 3600,
    priced_races: 0,
    first_day: '2026-07-28',
    last_day: '2026-11-24',
    weights: { win_rate: 0.2, average_speed: 0.3, earnings: 0.1, last_race_time: 0.3, jockey_win_rate: 0.1 },
    scores: [score('yours', speedOnly ? 0.31 : 0.27), score('spec', 0.27)],
    compute_ms: 40,
  };
}

const order = () =>
  within(screen.getByRole('table', { name: 'Predicted order' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('link').textContent);

const slider = (label: string) => screen.getByRole('slider', { name: new RegExp(`^${label}`) });

/** GET/PUT /api/me/predictor_weights for a member who has saved none yet. */
const unsaved = (_url: URL, init?: RequestInit) =>
  init?.method === 'PUT'
    ? { weights: JSON.parse(String(init.body)), saved: true }
    : {
        weights: { win_rate: 0.2, average_speed: 0.3, earnings: 0.1, last_race_time: 0.3, jockey_win_rate: 0.1 },
        saved: false,
      };

// The predictor sits behind the sign-up wall, as every handicapping page (spec §2.1).
describe('PredictRacePage', () => {
  beforeEach(() => asMember());
  afterEach(() => resetMember());

  it('should rank the field by the weights and re-rank it, and re-test it, when a slider moves', async () => {
    const api = mockApi({
      '/api/current_races/7/fair_odds': fairOdds,
      '/api/current_races/7/predictor': () => field,
      '/api/handicapping/backtest': backtest,
      '/api/me/predictor_weights': unsaved,
    });
    renderRoute('/predict-race?raceId=7');
    await screen.findByRole('table', { name: 'Predicted order' });
    expect(screen.getByRole('heading', { name: 'Race Predictor — Aville Race 7' })).toBeInTheDocument();
    expect(slider('Win rate')).toHaveValue('0.2');
    const atSpec = order();
    const yours = () => within(screen.getByRole('row', { name: /^Your weights/ })).getAllByRole('cell');
    await waitFor(() => expect(yours()[1]).toHaveTextContent('27.0%'));

    // Only speed counts: Fast Lane first.
    for (const label of ['Win rate', 'Earnings', 'Last race time', 'Jockey win rate']) {
      fireEvent.change(slider(label), { target: { value: '0' } });
    }
    fireEvent.change(slider('Average speed'), { target: { value: '1' } });
    expect(order()[0]).toBe('Fast Lane');
    // Only earnings: Old Money first.
    fireEvent.change(slider('Average speed'), { target: { value: '0' } });
    fireEvent.change(slider('Earnings'), { target: { value: '0.5' } });
    expect(order()[0]).toBe('Old Money');
    // The engine's fair odds stay with their runner whatever the order.
    const fastLane = screen.getByRole('row', { name: /Fast Lane/ });
    expect(within(fastLane).getByText(/^1-1/)).toHaveTextContent('1-1 (50.0%)');
    expect(screen.getByRole('row', { name: /Old Money/ })).toHaveClass('top-pick');

    // The back-test follows the settled weights.
    fireEvent.change(slider('Earnings'), { target: { value: '0' } });
    fireEvent.change(slider('Average speed'), { target: { value: '1' } });
    await waitFor(() => expect(yours()[1]).toHaveTextContent('31.0%'), { timeout: 3000 });
    const asked = api.calls.filter((u) => u.pathname === '/api/handicapping/backtest').at(-1);
    expect(asked?.searchParams.get('average_speed')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(slider('Win rate')).toHaveValue('0.2');
    expect(order()).toEqual(atSpec);
  });

  it("should start from a member's saved weights and save them again after a move", async () => {
    const saved: unknown[] = [];
    mockApi({
      '/api/current_races/7/predictor': () => field,
      '/api/handicapping/backtest': backtest,
      '/api/me/predictor_weights': (_url, init) => {
        if (init?.method === 'PUT') {
          saved.push(JSON.parse(String(init.body)));
          return { weights: JSON.parse(String(init.body)), saved: true };
        }
        return {
          weights: { win_rate: 0.9, average_speed: 0.3, earnings: 0.1, last_race_time: 0.3, jockey_win_rate: 0.1 },
          saved: true,
        };
      },
    });
    renderRoute('/predict-race?raceId=7');
    await waitFor(() => expect(slider('Win rate')).toHaveValue('0.9'));
    expect(order()[0]).toBe('Hot Hand');

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Jockey win rate weight' }), {
      target: { value: '0.456' },
    });
    expect(slider('Jockey win rate')).toHaveValue('0.46');
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 3000 });
    expect(saved[0]).toEqual({
      win_rate: 0.9,
      average_speed: 0.3,
      earnings: 0.1,
      last_race_time: 0.3,
      jockey_win_rate: 0.46,
    });
    await act(async () => {});
    expect(screen.getByText('Your weights are saved.')).toBeInTheDocument();
  });

  it('should ask for a weight above 0 when every weight is 0, and list races to pick without one', async () => {
    mockApi({
      '/api/next_to_post': () => ({
        server_time: '2026-11-25T17:00:00Z',
        time_scale: 1,
        races: [
          {
            id: 9,
            track_id: 1,
            track_name: 'Aville Downs',
            location: 'Aville',
            race_number: 9,
            race_name: 'Aville Race 9',
            race_date: '2026-11-25',
            post_time: '2026-11-25T17:10:00Z',
            status: 'open',
            mtp: 10,
            num_horses: 8,
            utc_offset_minutes: 0,
          },
        ],
        running: [],
        tracks: [],
      }),
      '/api/handicapping/backtest': backtest,
      '/api/me/predictor_weights': unsaved,
      '/api/handicapping/fair_odds_calibration': () => ({
        races: 12,
        runners: 100,
        bins: [{ from: 0, to: 0.1, count: 100, mean_predicted: 0.08, observed: 0.093 }],
        mean_absolute_error: 0.013,
        brier: 0.8,
        log_loss: 2,
      }),
    });
    renderRoute('/horse-race-predictor');
    expect(await screen.findByRole('link', { name: 'Aville Downs — Aville Race 9' })).toHaveAttribute(
      'href',
      '/predict-race?raceId=9',
    );
    for (const label of ['Win rate', 'Average speed', 'Earnings', 'Last race time', 'Jockey win rate']) {
      fireEvent.change(slider(label), { target: { value: '0' } });
    }
    expect(screen.getByText('Give at least one factor a weight above 0.')).toBeInTheDocument();
    // The engine's fair odds checked against the results, whatever the weights.
    expect(
      await screen.findByText(/Over 12 finished races \(100 runners\).*off by 1\.3 percentage points/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Back-test of these weights' })).not.toBeInTheDocument();
  });
});
