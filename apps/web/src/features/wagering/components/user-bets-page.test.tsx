import type { BetView } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeBet } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { HISTORY_COLUMNS, NO_BETS, NOT_YOUR_BETS } from './user-bets-page';

const page = (items: unknown[]) => ({ items, total: items.length, limit: 20, offset: 0 });

describe('UserBetsPage', () => {
  beforeEach(() => asMember());

  it('should ask for 20 bets by bet date descending and show 8 columns', async () => {
    const { calls } = mockApi({ '/api/me/bets': () => page([makeBet(1), makeBet(2, { bet_type: 'Exacta' })]) });
    renderRoute('/user-bets?id=7');

    const table = await screen.findByRole('table', { name: '2 of 2 bets' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(8);
    const query = calls.find((u) => u.pathname === '/api/me/bets')?.searchParams;
    expect(query?.get('sort')).toBe('bet_date');
    expect(query?.get('order')).toBe('desc');
    expect(query?.get('limit')).toBe('20');
    expect(screen.getByRole('columnheader', { name: /Bet date/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByLabelText('Columns')).toHaveValue(8);
    expect(screen.getByLabelText('Rows')).toHaveValue(20);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Show all columns' }));
    expect(within(table).getAllByRole('columnheader')).toHaveLength(HISTORY_COLUMNS.length);
  });

  it('should name the horses and the races of each bet', async () => {
    const exacta = makeBet(1, {
      bet_type: 'Exacta',
      selections: [[4], [2]],
      selection_runners: [
        [{ program_number: 4, horse_name: 'Night Owl' }],
        [{ program_number: 2, horse_name: 'Blue Moon' }],
      ],
    });
    const leg = exacta.legs[0] as BetView['legs'][number];
    const double = makeBet(2, {
      bet_type: 'Daily Double',
      selections: [[1, 3], [2]],
      legs: [
        { ...leg, race_number: 3, track_name: 'Victoria Park' },
        { ...leg, leg: 2, current_race_id: 2, race_number: 4, track_name: 'Victoria Park' },
      ],
    });
    mockApi({ '/api/me/bets': () => page([{ ...exacta, legs: [{ ...leg, race_number: 7 }] }, double]) });
    renderRoute('/user-bets');
    const rows = within(await screen.findByRole('table', { name: '2 of 2 bets' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Race 7 at Aville Downs');
    expect(rows[1]).toHaveTextContent('#4 Night Owl / #2 Blue Moon');
    expect(rows[2]).toHaveTextContent('Races 3, 4 at Victoria Park');
    expect(rows[2]).toHaveTextContent('#1 Silver Comet, #3 Blue Moon / #2 Red Baron');
  });

  it('should sort by a header, ascending first', async () => {
    const { calls } = mockApi({ '/api/me/bets': () => page([makeBet(1)]) });
    renderRoute('/user-bets');
    fireEvent.click(await screen.findByRole('button', { name: /Total/ }));
    await waitFor(() =>
      expect(
        calls.some((u) => u.searchParams.get('sort') === 'total_cents' && u.searchParams.get('order') === 'asc'),
      ).toBe(true),
    );
  });

  it('should say so when the user has no bets', async () => {
    mockApi({ '/api/me/bets': () => page([]) });
    renderRoute('/user-bets?id=7');
    expect(await screen.findByText(NO_BETS)).toBeInTheDocument();
  });

  it("should explain a refusal to show another user's bets", async () => {
    mockApi({ '/api/users/99/bets': () => json(403, { statusCode: 403, error: 'Forbidden', message: 'Forbidden' }) });
    renderRoute('/user-bets?id=99');
    expect(await screen.findByText(NOT_YOUR_BETS)).toBeInTheDocument();
  });
});
