import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeLeader, makeLeaders } from '../test-fixtures';

// jsdom has no canvas: the chart's picture is a stand-in; its caption, summary and table are real.
jest.mock('uplot', () =>
  Object.assign(
    jest.fn().mockImplementation(() => ({ width: 300, setSize: jest.fn(), destroy: jest.fn() })),
    { paths: {}, pxRatio: 1, tzDate: (d: Date) => d },
  ),
);

const NAMES: Record<string, string> = {
  wins: 'Most Wins',
  win_pct: 'Best Rate',
  earnings: 'Top Earner',
  starts: 'Busiest',
};

function mockLeaders(items?: () => ReturnType<typeof makeLeader>[]) {
  return mockApi({
    '/api/stats/leaders': (url) => {
      const sort = url.searchParams.get('sort') ?? 'wins';
      const kind = url.searchParams.get('kind') ?? 'jockeys';
      return makeLeaders(
        url,
        items?.() ?? [
          makeLeader(11, `${NAMES[sort]} ${kind}`, { wins: 20, win_pct: 25, earnings_cents: 500_000 }),
          makeLeader(12, `Runner-up ${kind}`, { wins: 10, win_pct: 12.5, earnings_cents: 250_000 }),
        ],
      );
    },
  });
}

const leaderCalls = (calls: URL[]) => calls.filter((u) => u.pathname === '/api/stats/leaders');

describe('LeadersPage', () => {
  beforeEach(() => asMember());

  it('should rank jockeys by wins with links to their sheets', async () => {
    mockLeaders();
    renderRoute('/leader-board');
    expect(await screen.findByRole('heading', { name: 'Leader Board' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Top 2 jockeys by wins' });
    expect(within(table).getByRole('link', { name: 'Most Wins jockeys' })).toHaveAttribute('href', '/page-jockey/11');
    expect(within(table).getByRole('columnheader', { name: 'Wins' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('tab', { name: 'Jockeys' })).toHaveAttribute('aria-selected', 'true');
    // The same leaders as points: win % against starts, sized by earnings.
    const chart = screen.getByRole('figure', { name: 'Win % against starts: these 2 jockeys' });
    expect(
      within(chart)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PointStartsWin %Earnings', 'Most Wins jockeys4025.0%$5,000.00', 'Runner-up jockeys4012.5%$2,500.00']);
  });

  it('should fetch again with the new sort when the sort changes', async () => {
    const { calls } = mockLeaders();
    const { router } = renderRoute('/leaderboard');
    await screen.findByRole('link', { name: 'Most Wins jockeys' });
    expect(leaderCalls(calls).at(-1)?.searchParams.get('sort')).toBe('wins');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'win_pct' } });

    expect(await screen.findByRole('link', { name: 'Best Rate jockeys' })).toBeInTheDocument();
    const last = leaderCalls(calls).at(-1);
    expect(last?.searchParams.get('sort')).toBe('win_pct');
    expect(last?.searchParams.get('kind')).toBe('jockeys');
    expect(router.state.location.search).toContain('sort=win_pct');
    const table = screen.getByRole('table', { name: 'Top 2 jockeys by win %' });
    expect(within(table).getByRole('columnheader', { name: 'Win %' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Counting jockeys with 10 or more starts.')).toBeInTheDocument();
  });

  it('should switch kind, limit and min starts, keeping them in the URL', async () => {
    const { calls } = mockLeaders();
    const { router } = renderRoute('/leader-board?sort=earnings');
    await screen.findByRole('link', { name: 'Top Earner jockeys' });

    fireEvent.click(screen.getByRole('tab', { name: 'Owners' }));
    const owner = await screen.findByRole('link', { name: 'Top Earner owners' });
    expect(owner).toHaveAttribute('href', '/page-owner/11');
    expect(screen.getByRole('tab', { name: 'Owners' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Owners' }), { key: 'ArrowLeft' });
    expect(await screen.findByRole('link', { name: 'Top Earner horses' })).toHaveAttribute('href', '/page-horse/11');

    fireEvent.change(screen.getByRole('combobox', { name: 'Show' }), { target: { value: '50' } });
    await waitFor(() => expect(leaderCalls(calls).at(-1)?.searchParams.get('limit')).toBe('50'));

    fireEvent.change(screen.getByRole('spinbutton', { name: 'Min starts' }), { target: { value: '25' } });
    await waitFor(() => expect(leaderCalls(calls).at(-1)?.searchParams.get('min_starts')).toBe('25'));
    const last = leaderCalls(calls).at(-1);
    expect(last?.searchParams.get('kind')).toBe('horses');
    expect(last?.searchParams.get('sort')).toBe('earnings');
    expect(router.state.location.search).toBe('?sort=earnings&kind=horses&limit=50&min_starts=25');
  });

  it('should say so when nobody qualifies, and show the server error', async () => {
    mockLeaders(() => []);
    renderRoute('/leader-board?kind=trainers&min_starts=500');
    expect(await screen.findByText(/No trainers with 500 or more starts yet/)).toBeInTheDocument();

    mockApi({
      '/api/stats/leaders': () =>
        new Response(JSON.stringify({ statusCode: 400, message: 'limit must be at most 100' }), { status: 400 }),
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'starts' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('limit must be at most 100');
  });
});
