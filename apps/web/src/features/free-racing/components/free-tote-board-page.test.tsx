import type { FreeBoard, FreePick } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';
import { useFreeBoardStore } from '../hooks/free-board-store';
import { FakeFreeSocket, makeFreeBoard, makeFreeHorse } from '../test-fixtures';

let mockSocket = new FakeFreeSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('the free tote board', () => {
  beforeEach(() => {
    resetMember();
    useFreeBoardStore.setState({ boards: {}, frames: {} });
  });

  it('should join the chosen board’s room and show its odds as they change live', async () => {
    const boards = [makeFreeBoard(1), makeFreeBoard(2)];
    mockSocket = new FakeFreeSocket((id) => boards[id - 1] as FreeBoard);
    mockApi({ '/api/free/boards': () => ({ items: boards }) });
    renderRoute('/free-tote-board?board=2');
    const panel = await screen.findByRole('region', { name: 'Free Race 2' });
    expect(mockSocket.joins()).toEqual([2]);
    expect(within(panel).getByTestId('odds-2-3')).toHaveTextContent('3/2');
    expect(within(panel).getByRole('link', { name: 'Free Runner 3' })).toHaveAttribute('href', '/page-horse/203');
    expect(within(panel).getByRole('link', { name: 'Rider 3' })).toHaveAttribute('href', '/page-jockey/33');

    const changed = makeFreeBoard(2, {
      horses: [1, 2, 3, 4, 5, 6, 7].map((p) =>
        p === 3 ? makeFreeHorse(3, { odds: '9/1', odds_n: 9, odds_m: 1 }) : makeFreeHorse(p),
      ),
      server_time: new Date(Date.now() + 1000).toISOString(),
    });
    act(() => mockSocket.serverSends('free:update', changed));
    expect(within(panel).getByTestId('odds-2-3')).toHaveTextContent('9/1');
    // Another board's update does not reach this one.
    act(() =>
      mockSocket.serverSends(
        'free:update',
        makeFreeBoard(1, { server_time: new Date(Date.now() + 2000).toISOString() }),
      ),
    );
    expect(within(panel).getByTestId('odds-2-3')).toHaveTextContent('9/1');

    fireEvent.click(screen.getByRole('button', { name: 'Free Race 1' }));
    await screen.findByRole('region', { name: 'Free Race 1' });
    expect(mockSocket.joins()).toEqual([2, 1]);
    expect(mockSocket.emitted.some((e) => e.event === 'free:leave' && e.args[0] === 2)).toBe(true);
  });

  it('should keep Start Race off while the odds change and start the race once they have closed', async () => {
    const open = makeFreeBoard(1);
    mockSocket = new FakeFreeSocket(() => open);
    mockApi({ '/api/free/boards': () => ({ items: [open] }) });
    const { unmount } = renderRoute('/free-tote-board');
    expect(await screen.findByRole('button', { name: 'Start Race' })).toBeDisabled();
    expect(screen.getByText(/Odds change for \d:\d\d more/)).toBeInTheDocument();
    unmount();

    useFreeBoardStore.setState({ boards: {}, frames: {} });
    const ready = makeFreeBoard(1, { status: 'ready', odds_open_at: minutesAgo(6), odds_close_at: minutesAgo(1) });
    mockSocket = new FakeFreeSocket(() => ready);
    const { calls } = mockApi({
      '/api/free/boards/1/start': () =>
        makeFreeBoard(1, {
          ...ready,
          status: 'running',
          started_at: new Date().toISOString(),
          server_time: new Date(Date.now() + 5).toISOString(),
        }),
      '/api/free/boards': () => ({ items: [ready] }),
    });
    renderRoute('/free-tote-board');
    const button = await screen.findByRole('button', { name: 'Start Race' });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(await screen.findByText('The race is on.')).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname === '/api/free/boards/1/start')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Start Race' })).not.toBeInTheDocument();
  });

  it('should let a member pick a horse and show the pick, and ask a visitor to log in', async () => {
    const board = makeFreeBoard(1);
    mockSocket = new FakeFreeSocket(() => board);
    const picks: FreePick[] = [];
    const { calls } = mockApi({
      '/api/free/boards/1/picks': (_url, init) => {
        const { post } = JSON.parse(String(init?.body)) as { post: number };
        const made: FreePick = {
          board_id: 1,
          board_name: 'Free Race 1',
          post,
          horse_name: `Free Runner ${post}`,
          odds: `${post}/2`,
          points: null,
          created_at: new Date().toISOString(),
        };
        picks.splice(0, picks.length, made);
        return made;
      },
      '/api/free/picks': () => ({ items: picks }),
      '/api/free/boards': () => ({ items: [board] }),
    });
    asMember();
    renderRoute('/free-tote-board');
    fireEvent.click(await screen.findByRole('button', { name: 'Pick Free Runner 5' }));
    expect(await screen.findByText('Your pick')).toBeInTheDocument();
    expect(screen.getByText(/at 5\/2/)).toBeInTheDocument();
    const sent = calls.find((u) => u.pathname === '/api/free/boards/1/picks');
    expect(sent).toBeDefined();
  });

  it('should show the empty and error states', async () => {
    mockSocket = new FakeFreeSocket();
    mockApi({ '/api/free/boards': () => ({ items: [] }) });
    const { unmount } = renderRoute('/free-tote-board');
    expect(await screen.findByText(/No free boards are open right now/)).toBeInTheDocument();
    unmount();
    mockApi({ '/api/free/boards': () => json(503, { statusCode: 503, message: 'Database unavailable' }) });
    renderRoute('/free-tote-board');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable'));
  });
});
