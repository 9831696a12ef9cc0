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
