import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';
import { FakeFreeSocket, makeFreeBoard, makeLeaders } from '../test-fixtures';

const mockSocket = new FakeFreeSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

describe('the free program card', () => {
  beforeEach(() => resetMember());

  it('should list every board with its horses, jockeys and odds, names opening their pages', async () => {
    mockApi({
      '/api/free/boards': () => ({ items: [makeFreeBoard(1), makeFreeBoard(2, { status: 'ready', picks: 1 })] }),
    });
    renderRoute('/free-program-card');
    const second = await screen.findByRole('region', { name: 'Free Race 2' });
    expect(within(second).getByText('Ready to start')).toBeInTheDocument();
    expect(within(second).getByText(/1 pick$/)).toBeInTheDocument();
    expect(within(second).getAllByRole('row')).toHaveLength(8);
    expect(within(second).getByRole('link', { name: 'Free Runner 7' })).toHaveAttribute('href', '/page-horse/207');
    expect(within(second).getByRole('link', { name: 'Live odds and picks' })).toHaveAttribute(
      'href',
      '/free-tote-board?board=2',
    );
    expect(screen.getByRole('region', { name: 'Free Race 1' })).toBeInTheDocument();
  });

  it('should say so when no board is open, and show an error', async () => {
    mockApi({ '/api/free/boards': () => ({ items: [] }) });
    const { unmount } = renderRoute('/free-program-card');
    expect(await screen.findByText(/No free boards are open right now/)).toBeInTheDocument();
    unmount();
    mockApi({ '/api/free/boards': () => json(500, { statusCode: 500, message: 'Internal server error' }) });
    renderRoute('/free-program-card');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
  });
});

describe('the free leader board', () => {
  beforeEach(() => resetMember());

  it('should rank players today, then all time, and list the member’s own picks', async () => {
    const { calls } = mockApi({
      '/api/free/leader-board': (url) =>
        url.searchParams.get('period') === 'all'
          ? makeLeaders({ period: 'all', items: [{ rank: 1, username: 'veteran', points: 900, picks: 40, wins: 9 }] })
          : makeLeaders(),
      '/api/free/picks': () => ({
        items: [
          {
            board_id: 4,
            board_name: 'Free Race 4',
            post: 2,
            horse_name: 'Free Runner 2',
            odds: '1/1',
            points: 20,
            created_at: new Date().toISOString(),
          },
        ],
      }),
    });
    asMember();
    renderRoute('/free-leader-board');
    const table = await screen.findByRole('table', { name: 'Players by points, today' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['RankPlayerPointsPicksWins', '1longshot11021', '2Test member2031']);
    expect(await screen.findByText(/Free Race 4: Free Runner 2 at 1\/1/)).toHaveTextContent('20 points');

    fireEvent.click(screen.getByRole('button', { name: 'All time' }));
    const all = await screen.findByRole('table', { name: 'Players by points, all time' });
    expect(within(all).getByText('veteran')).toBeInTheDocument();
    expect(calls.map((u) => u.searchParams.get('period')).filter(Boolean)).toEqual(['today', 'all']);
  });

  it('should say when nobody has scored yet', async () => {
    mockApi({ '/api/free/leader-board': () => makeLeaders({ items: [] }) });
    renderRoute('/free-leader-board');
    expect(await screen.findByText('No free race has been scored today yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your picks' })).not.toBeInTheDocument();
  });
});
