import type { MorningLineResponse } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { json, makeTote } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useToteStore } from '../hooks/tote-store';

const mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

// GET /api/current_races/7/morning_line: the line race 7's card fixed, Red Baron the favourite.
const morningLine = (patch: Partial<MorningLineResponse> = {}): MorningLineResponse => ({
  race_id: 7,
  race_name: 'Aville Race 7',
  race_title: 'Claiming $12,500',
  runners: [
    ['Silver Comet', 0.52, 2.59, '5-2'],
    ['Red Baron', 0.71, 1.55, '3-2'],
    ['Blue Moon', 0.3, 5.3, '5-1'],
    ['Dark Star', 0.45, 3.08, '3-1'],
  ].map(([horse_name, score, odds, morning_line], i) => ({
    post_position: i + 1,
    horse_id: 701 + i,
    horse_name: horse_name as string,
    jockey_id: 201 + i,
    jockey_name: `Jockey ${i + 1}`,
    score: score as number,
    odds: odds as number,
    morning_line: morning_line as string,
  })),
  top: [2, 1, 4],
  ...patch,
});

describe('MorningLinePage', () => {
  beforeEach(() => asMember());

  it('should show the Top 3 and every runner by program number and name, with its score and tote-style odds', async () => {
    mockApi({ '/api/current_races/7/morning_line': () => morningLine() });
    renderRoute('/morning-line-odds?raceId=7');
    const table = await screen.findByRole('table', { name: 'Morning line' });
    expect(screen.getByRole('heading', { name: 'Morning Line Odds — Aville Race 7' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Horse', 'Odds', 'Score', 'Jockey']);
    const [, first] = within(table).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Silver Comet', '5-2', '0.520', 'Jockey 1']);
    expect(within(first as HTMLElement).getByRole('link', { name: 'Silver Comet' })).toHaveAttribute(
      'href',
      '/page-horse/701',
    );
    // Never the database's ids, nor odds as "2.59-1".
    expect(screen.queryByRole('columnheader', { name: /id$/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/\d\.\d+-1/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Top 3' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 Red Baron 3-2', '1 Silver Comet 5-2', '4 Dark Star 3-1']);
    expect(screen.getByText(/does not change/)).toBeInTheDocument();
  });

  it('should say so when the race kept no line, and when there is no race', async () => {
    mockApi({
      '/api/current_races/7/morning_line': () =>
        morningLine({
          top: [],
          runners: morningLine().runners.map((r) => ({ ...r, score: null, odds: null, morning_line: null })),
        }),
      '/api/current_races/8/morning_line': () => json(404, { statusCode: 404, message: 'Current race 8 not found' }),
    });
    const first = renderRoute('/morning-line-odds?raceId=7');
    expect(await screen.findByText('No morning line was kept for this race.')).toBeInTheDocument();
    first.unmount();
    renderRoute('/morning-line-odds?raceId=8');
    expect(await screen.findByText('No race data available.')).toBeInTheDocument();
  });

  it('should show the loading text, then an error line when the server fails', async () => {
    mockApi({ '/api/current_races/7/morning_line': () => json(500, { statusCode: 500, message: 'database down' }) });
    renderRoute('/morning-line-odds?raceId=7');
    expect(await screen.findByRole('alert')).toHaveTextContent('No race data available.');
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
            leg1_winners: null,
            second: [1, 2],
            rows: [{ first: 3, payouts_cents: [2480, null] }],
          },
          pick_will_pays: [
            {
              bet_type: 'Pick 3',
              race_ids: [5, 6, 7],
              carryover_cents: 0,
              winners: [4, 2],
              leg_winners: [[4], [2]],
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
