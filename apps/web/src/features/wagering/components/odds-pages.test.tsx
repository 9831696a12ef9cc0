import { fireEvent, screen, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { json, makeRaceDetail, makeTote } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useToteStore } from '../hooks/tote-store';

const mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const figures = (horseId: number) => ({
  horse_id: horseId,
  horse_name: `Horse ${horseId}`,
  jockey_id: 200 + (horseId % 100),
  starts: 10,
  wins: horseId % 5,
  win_pct_horse: (horseId % 5) * 10,
  avg_speed_figure_horse: 80 + (horseId % 7),
  earnings_cents: 100_000 * (horseId % 5),
  last_race_time_ms: 72_000 + (horseId % 3) * 500,
  last_race_date: '2026-11-01',
  win_percentage_jockey: 12.5,
});

describe('MorningLinePage', () => {
  beforeEach(() => asMember());

  it('should show the top 3 and a row per horse with score and odds, skipping a horse without figures', async () => {
    mockApi({
      '/api/current_races/7': () => makeRaceDetail(7),
      '/api/past_performance/horse_id/': (url) => {
        const id = Number(url.pathname.split('/').pop());
        return id === 705 ? json(404, { statusCode: 404, message: 'Horse 705 not found' }) : figures(id);
      },
    });
    renderRoute('/morning-line-odds?raceId=7');
    const table = await screen.findByRole('table', { name: 'Morning line' });
    // Five runners, one without figures.
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByRole('columnheader', { name: 'Jockey id' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Top 3' })).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('BetPayoutsPage', () => {
  beforeEach(() => {
    asMember();
    useToteStore.setState({ boards: {} });
  });

  it('should list bet type, amount and potential payout from the tote', async () => {
    mockApi({ '/api/current_races/7/tote': () => makeTote(7) });
    renderRoute('/bet-payouts?raceId=7');
    const table = await screen.findByRole('table', { name: /Potential payouts/ });
    const exacta = within(table).getByRole('row', { name: /Exacta 1-2/ });
    expect(within(exacta).getByText('$18.40')).toBeInTheDocument();
    const win = within(table).getByRole('row', { name: /Silver Comet/ });
    // Net $10,369.80 over $4,000 on the horse: $2.50 per $1 after breakage, so $2 pays $5.00.
    expect(within(win).getByText('$5.00')).toBeInTheDocument();
  });

  it('should price the daily double from its probables and a Pick 3 from its will-pays, scaled to the amount', async () => {
    mockApi({
      '/api/current_races/7/tote': () =>
        makeTote(7, {
          daily_double: {
            race_ids: [7, 8],
            leg1_winner: null,
            second: [1, 2],
            rows: [{ first: 3, payouts_cents: [2480, null] }],
          },
          pick_will_pays: [
            {
              bet_type: 'Pick 3',
              race_ids: [5, 6, 7],
              carryover_cents: 0,
              winners: [4, 2],
              will_pays: [{ post_position: 1, payout_cents: 10_460 }],
            },
          ],
        }),
    });
    renderRoute('/bet-payouts?raceId=7');
    const table = await screen.findByRole('table', { name: /Potential payouts/ });
    expect(
      within(within(table).getByRole('row', { name: /Daily Double 3\/1/ })).getByText('$24.80'),
    ).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Daily Double 3\/2/ })).getByText('—')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Pick 3 4\/2\/1/ })).getByText('$104.60')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Bet amount ($)'), { target: { value: '4' } });
    expect(within(within(table).getByRole('row', { name: /Pick 3 4\/2\/1/ })).getByText('$209.20')).toBeInTheDocument();
  });
});
