import type { FreeBoard, FreeRaceFrame } from '@furlong/contracts';
import { freeRaceInput, simulateFinish } from '@furlong/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { mockApi, renderRoute, resetMember } from '../../../../test/render';
import { useFreeBoardStore } from '../hooks/free-board-store';
import { FakeFreeSocket, makeFreeBoard } from '../test-fixtures';
import { FREE_PRELOAD_MESSAGE } from './free-race-page';

let mockSocket = new FakeFreeSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));
// jsdom has no WebGL and no 2D context: the Pixi picture is checked in the browser tests.
jest.mock('../../../components/race/race-canvas', () => ({
  RaceCanvas: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="race-canvas" />;
  },
}));

const frame = (s: number, p: number[], v: number[], l: number[]): FreeRaceFrame => ({ b: 1, s, p, v, l });
const seven = (x: number) => [1, 2, 3, 4, 5, 6, 7].map((post) => x - post * 0.001);

describe('the free race screen', () => {
  beforeEach(() => {
    resetMember();
    useFreeBoardStore.setState({ boards: {}, frames: {} });
  });
  afterEach(() => jest.useRealTimers());

  it('should show the preloading screen for 2 s, then follow the live frames with meters from them', async () => {
    jest.useFakeTimers();
    const running = makeFreeBoard(1, { status: 'running', started_at: new Date().toISOString() });
    mockSocket = new FakeFreeSocket(() => running);
    mockApi({ '/api/free/boards/1': () => running, '/api/free/boards': () => ({ items: [running] }) });
    renderRoute('/free-race?board=1');
    expect(await screen.findByRole('heading', { name: 'Free Race 1' })).toBeInTheDocument();
    expect(await screen.findByTestId('race-canvas')).toBeInTheDocument();
    expect(screen.getByText(FREE_PRELOAD_MESSAGE)).toBeInTheDocument();
    expect(mockSocket.joins()).toEqual([1]);
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.queryByText(FREE_PRELOAD_MESSAGE)).not.toBeInTheDocument();

    // 6 furlongs: the front reaches the first mark (1/6) between samples 20 and 30.
    act(() => mockSocket.serverSends('free:frame', frame(0, seven(0), seven(0), [1, 2, 3, 4, 5, 6, 7])));
    act(() => mockSocket.serverSends('free:frame', frame(20, seven(0.14), seven(16), [3, 1, 2, 4, 5, 6, 7])));
    act(() =>
      mockSocket.serverSends(
        'free:frame',
        frame(30, seven(0.21), [16, 15, 17.2, 16, 16, 16, 16], [3, 1, 2, 4, 5, 6, 7]),
      ),
    );
    const stream = screen.getByRole('region', { name: 'Live stream' });
    expect(within(stream).getByText('15.0 s')).toBeInTheDocument();
    expect(within(stream).getByText('Leader').nextSibling).toHaveTextContent('3 Free Runner 3');
    expect(within(stream).getByText('17.2 m/s (38.5 mph)')).toBeInTheDocument();
    expect(within(stream).getByText(/s \(furlong 1\)$/)).toBeInTheDocument();
    expect(within(stream).getByRole('list', { name: 'Running order' }).firstChild).toHaveTextContent('3 Free Runner 3');
  });

  it('should start a ready board’s race for everyone from the screen', async () => {
    const ready = makeFreeBoard(1, { status: 'ready', odds_close_at: new Date(Date.now() - 1000).toISOString() });
    mockSocket = new FakeFreeSocket(() => ready);
    const { calls } = mockApi({
      '/api/free/boards/1/start': () => ({
        ...ready,
        status: 'running',
        started_at: new Date().toISOString(),
        server_time: new Date(Date.now() + 10).toISOString(),
      }),
      '/api/free/boards/1': () => ready,
      '/api/free/boards': () => ({ items: [ready] }),
    });
    renderRoute('/free-race?board=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Race' }));
    expect(await screen.findByText('Racing')).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname === '/api/free/boards/1/start')).toHaveLength(1);
  });

  it('should show a finished race’s winner and replay it from its revealed seed', async () => {
    const seed = 'be7a'.repeat(16);
    const base = makeFreeBoard(1);
    const order = simulateFinish(
      freeRaceInput(
        seed,
        base.horses.map((h) => ({ post: h.post, horse_id: h.horse_id })),
      ),
    ).finish_order;
    const finished: FreeBoard = { ...base, status: 'finished', seed, finish_order: order };
    mockSocket = new FakeFreeSocket(() => finished);
    mockApi({ '/api/free/boards': () => ({ items: [finished] }) });
    renderRoute('/free-race');
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(result).toHaveTextContent(`Won by Free Runner ${order[0]}`);
    expect(screen.getByText('The race has finished: replay it to see the meters again.')).toBeInTheDocument();
    jest.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Replay race' }));
    act(() => jest.advanceTimersByTime(5_000));
    expect(screen.getByRole('button', { name: 'Replay race' })).toBeDisabled();
    expect(within(screen.getByRole('region', { name: 'Live stream' })).getByText('4.5 s')).toBeInTheDocument();
  });

  it('should refuse a board id that is not one', async () => {
    mockApi({ '/api/free/boards': () => ({ items: [] }) });
    renderRoute('/free-race?board=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent("'abc' is not a board id");
  });
});
