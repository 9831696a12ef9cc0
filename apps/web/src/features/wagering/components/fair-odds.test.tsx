import type { FairOddsRunner, RaceFairOdds } from '@furlong/contracts';
import { act, screen, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { makeRaceDetail, makeTote } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useToteStore } from '../hooks/tote-store';

let mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

function fairRunner(post: number, horse: string, win: number, fair: number, display: string): FairOddsRunner {
  return {
    post_position: post,
    horse_name: horse,
    win_probability: win,
    place_probability: Math.min(1, 2 * win),
    show_probability: Math.min(1, 3 * win),
    win_standard_error: Math.sqrt((win * (1 - win)) / 5000),
    place_standard_error: 0.005,
    show_standard_error: 0.005,
    win_fair_odds: fair,
    place_fair_odds: null,
    show_fair_odds: null,
    win_fair_odds_display: display,
    live_win_odds: null,
    overlay: false,
  };
}

// Race 7's board (makeTote): Silver Comet 8-5 (1.6 to 1), Red Baron 4-1 (4.2 to 1). The engine
// gives Silver Comet an even-money chance (fair 1.0: 8-5 returns $1.30 per $1, an overlay) and Red
// Baron one in six (fair 5.0: 4-1 returns $0.87, not one).
const fairOdds = (patch: Partial<RaceFairOdds> = {}): RaceFairOdds => ({
  current_race_id: 7,
  race_status: 'open',
  status: 'ready',
  runs: 5000,
  seed: 'ab12',
  computed_at: '2026-11-23T12:40:00.000Z',
  overlay_margin: 0.1,
  runners: [fairRunner(1, 'Silver Comet', 0.5, 1, '1-1'), fairRunner(2, 'Red Baron', 1 / 6, 5, '5-1')],
  ...patch,
});

describe('fair odds on the win odds board', () => {
  beforeEach(() => {
    asMember();
    mockSocket = new FakeToteSocket();
    useToteStore.setState({ boards: {} });
  });

  it('should show fair odds beside the live odds and badge an overlay, with a legend saying what it means', async () => {
    mockApi({
      '/api/current_races/7/fair_odds': () => fairOdds(),
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/current_races/7': () => makeRaceDetail(7),
    });
    renderRoute('/bet-odds?raceId=7');

    const table = await screen.findByRole('table', { name: 'Win odds' });
    const comet = within(table).getByRole('row', { name: /Silver Comet/ });
    expect(await within(comet).findByText('Overlay')).toHaveAttribute('title', expect.stringMatching(/^Overlay:/));
    expect(within(comet).getByText('(50.0%)')).toBeInTheDocument();
    expect(within(comet).getByText(/1-1/)).toBeInTheDocument();
    const baron = within(table).getByRole('row', { name: /Red Baron/ });
    expect(within(baron).getByText(/5-1/)).toBeInTheDocument();
    expect(within(baron).queryByText('Overlay')).not.toBeInTheDocument();
    expect(screen.getByText(/from 5,000 simulated runs of this race/)).toHaveTextContent(
      /return at least 10¢ more per \$1 than the fair odds/,
    );
  });

  it('should follow the live odds: a runner stops being an overlay when its price shortens below fair', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
    mockApi({
      '/api/current_races/7/fair_odds': () => fairOdds(),
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/current_races/7': () => makeRaceDetail(7),
    });
    renderRoute('/bet-odds?raceId=7');
    const table = await screen.findByRole('table', { name: 'Win odds' });
    expect(await within(within(table).getByRole('row', { name: /Silver Comet/ })).findByText('Overlay')).toBeVisible();

    const next = makeTote(7, { as_of: '2026-11-23T12:56:00.000Z' });
    next.runners[0] = { ...(next.runners[0] as (typeof next.runners)[number]), win_odds: 0.8, win_odds_display: '4-5' };
    act(() => mockSocket.serverSends('tote:update', next));

    const comet = within(screen.getByRole('table', { name: 'Win odds' })).getByRole('row', { name: /Silver Comet/ });
    expect(await within(comet).findByText('4-5')).toBeInTheDocument();
    expect(within(comet).queryByText('Overlay')).not.toBeInTheDocument();
  });

  it('should say the fair odds are pending while the engine simulates the race, then show them', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      let answer = fairOdds({ status: 'pending', runs: null, seed: null, computed_at: null, runners: [] });
      mockApi({
        '/api/current_races/7/fair_odds': () => answer,
        '/api/current_races/7/tote': () => makeTote(7),
        '/api/current_races/7': () => makeRaceDetail(7),
      });
      renderRoute('/bet-odds?raceId=7');

      const table = await screen.findByRole('table', { name: 'Win odds' });
      expect(await within(table).findAllByText('Pending')).toHaveLength(2);
      expect(screen.getByText(/The engine is simulating this race/)).toBeInTheDocument();
      expect(within(table).queryByText('Overlay')).not.toBeInTheDocument();

      answer = fairOdds();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(3100);
      });
      expect(await within(table).findByText('(50.0%)')).toBeInTheDocument();
      expect(within(table).queryByText('Pending')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('should show dashes and say why when a race has no fair odds', async () => {
    mockApi({
      '/api/current_races/7/fair_odds': () =>
        fairOdds({ status: 'not_available', race_status: 'scheduled', runs: null, seed: null, runners: [] }),
      '/api/current_races/7/tote': () => makeTote(7, { status: 'scheduled' }),
      '/api/current_races/7': () => makeRaceDetail(7),
    });
    renderRoute('/bet-odds?raceId=7');

    expect(await screen.findByText(/No fair odds for this race/)).toBeInTheDocument();
    const comet = within(screen.getByRole('table', { name: 'Win odds' })).getByRole('row', { name: /Silver Comet/ });
    expect(within(comet).queryByText('Overlay')).not.toBeInTheDocument();
  });
});
