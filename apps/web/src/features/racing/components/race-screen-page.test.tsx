import type { RaceFrame } from '@furlong/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { FakeRaceSocket } from '../../../../test/fake-socket';
import { makeResult, makeSnapshot } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { PRELOAD_MESSAGE } from './race-screen-page';

let mockSocket = new FakeRaceSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));
// jsdom has no WebGL and no 2D context: the Pixi picture is checked in the browser tests.
jest.mock('../../../components/race/race-canvas', () => ({
  RaceCanvas: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="race-canvas" />;
  },
}));

const frame = (s: number, l: number[]): RaceFrame => ({
  r: 7,
  s,
  c: s * 500,
  ts: 1_000_000 + s * 500,
  p: [0.1, 0.2, 0.3].map((x) => x * (s / 10)),
  v: [16, 16, 16],
  l,
});

describe('RaceScreenPage', () => {
  beforeEach(() => {
    mockSocket = new FakeRaceSocket();
    mockApi({});
  });
  afterEach(() => jest.useRealTimers());

  it('should join the race room, show the loading message, then the picture and the field', async () => {
    renderRoute('/race/7');
    expect(await screen.findByRole('heading', { name: 'Aville Race 3' })).toBeInTheDocument();
    expect(mockSocket.joins()).toEqual([7]);
    expect(await screen.findByTestId('race-canvas')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(PRELOAD_MESSAGE)).not.toBeInTheDocument());
    expect(screen.getByText('Aville Downs')).toHaveAttribute('href', '/page-track/1');
    const tracker = screen.getByRole('region', { name: 'Race tracker' });
    const [, first] = within(tracker).getAllByRole('row');
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '14', 'Silver Comet', 'Ada Reyes']);
  });

  it('should show the loading message while the picture loads', async () => {
    // The room has not answered yet: nothing to draw.
    mockSocket.timeout = () => ({ emit: () => {} });
    renderRoute('/race/7');
    expect(await screen.findByText(PRELOAD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leaderboard' })).toHaveTextContent('Loading');
  });

  it('should count down to the off by the racing clock and its time scale', async () => {
    // One racing minute to post at 4× speed: 15 s of wall time.
    mockSocket.joinReply = () => ({ ok: true, snapshot: makeSnapshot({ time_scale: 4 }) });
    renderRoute('/race/7');
    const timer = await screen.findByRole('timer', { name: 'Time to the off' });
    expect(timer.textContent).toMatch(/^0:1[45]$/);
    expect(screen.getByText('Betting open', { selector: '.banner-label' })).toBeInTheDocument();
  });

  it('should list the live top 4, the leaderboard and the tracker in running order as frames come', async () => {
    renderRoute('/race/7');
    await screen.findByRole('heading', { name: 'Aville Race 3' });
    act(() => {
      mockSocket.serverSends('race:phase', { race_id: 7, phase: 'running', server_time: '2026-11-23T13:00:00.000Z' });
      mockSocket.serverSends('race:frame', frame(10, [3, 1, 2]));
    });
    const top = await screen.findByRole('region', { name: 'Live top 4' });
    expect(
      within(top)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1st3Copper Kettle', '2nd1Silver Comet', '3rd2Night Ledger']);
    const board = screen.getByRole('region', { name: 'Leaderboard' });
    expect(within(board).getByRole('heading')).toHaveTextContent('Race 7 · Aville Race 3');
    expect(
      within(board)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['13Copper Kettle', '21Silver Comet', '32Night Ledger']);
    expect(screen.queryByRole('timer', { name: 'Time to the off' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Race clock' })).toHaveTextContent(/^5\.00$/);
    expect(screen.getByRole('timer', { name: 'Race clock' }).parentElement).toHaveTextContent(/^Running · 5\.00$/);
  });

  it('should list the field in post order before the off, plainly, with jockeys and the morning line', async () => {
    renderRoute('/race/7');
    const field = await screen.findByRole('region', { name: 'The field' });
    expect(within(field).getByRole('heading')).toHaveTextContent('The field · Aville Race 3');
    const items = within(field).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1Silver CometAda Reyes5-2',
      '2Night LedgerBo Lind3-1',
      '3Copper KettleCy Moss9-2',
    ]);
    // No places, nothing bold: it is not a standings board.
    expect(field).not.toHaveTextContent(/1st|Winner/);
    expect(field.querySelector('.place')).toBeNull();
    expect(field).toHaveClass('field-list');
    expect(screen.queryByRole('region', { name: 'Leaderboard' })).not.toBeInTheDocument();
    const tracker = screen.getByRole('region', { name: 'Race tracker' });
    expect(within(tracker).queryByRole('columnheader', { name: 'Pos' })).not.toBeInTheDocument();

    // At the off, the standings take its place.
    act(() => {
      mockSocket.serverSends('race:phase', { race_id: 7, phase: 'running', server_time: '2026-11-23T13:00:00.000Z' });
      mockSocket.serverSends('race:frame', frame(4, [2, 3, 1]));
    });
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    expect(within(board).getAllByRole('listitem')[0]).toHaveTextContent('12Night Ledger');
    expect(screen.queryByRole('region', { name: 'The field' })).not.toBeInTheDocument();
    expect(within(tracker).getByRole('columnheader', { name: 'Pos' })).toBeInTheDocument();
  });

  it("should stop the race clock at the winner's official time, the figure the result shows", async () => {
    renderRoute('/race/7');
    await screen.findByRole('heading', { name: 'Aville Race 3' });
    const result = makeResult();
    const official = result.finishers[0]?.finish_time_ms as number;
    act(() => {
      mockSocket.serverSends('race:phase', { race_id: 7, phase: 'running', server_time: '2026-11-23T13:00:00.000Z' });
      // The winner is home, the rest still running: the server's clock has stopped at the winner's time.
      mockSocket.serverSends('race:frame', { ...frame(150, [3, 1, 2]), c: official });
    });
    const clock = await screen.findByRole('timer', { name: 'Race clock' });
    expect(clock).toHaveTextContent(/^1:11\.25$/);
    act(() => {
      mockSocket.serverSends('race:frame', { ...frame(158, [3, 1, 2]), c: official });
      mockSocket.serverSends('race:result', result);
      mockSocket.serverSends('race:phase', { race_id: 7, phase: 'finished', server_time: '2026-11-23T13:01:20.000Z' });
    });
    const overlay = await screen.findByRole('status', { name: 'Official result' });
    expect(within(overlay).getAllByRole('listitem')[0]).toHaveTextContent('1:11.25');
    expect(screen.getByRole('timer', { name: 'Race clock' }).parentElement).toHaveTextContent(/^Official · 1:11\.25$/);
  });

  it('should show the result at the finish and go to the results page 5 s later', async () => {
    // The results page is a member's page (spec §2.1).
    asMember();
    jest.useFakeTimers();
    const { router } = renderRoute('/race/7');
    await screen.findByRole('heading', { name: 'Aville Race 3' });
    act(() => mockSocket.serverSends('race:result', makeResult()));
    const result = await screen.findByRole('status', { name: 'Official result' });
    expect(within(result).getAllByRole('listitem')[0]).toHaveTextContent('Winner3Copper Kettle1:11.25');
    expect(screen.getByRole('region', { name: 'Result' })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(4900);
    });
    expect(router.state.location.pathname).toBe('/race/7');
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/race-results?id=7'),
    );
  });

  it('should say so when the race cannot be joined', async () => {
    mockSocket.joinReply = () => ({ ok: false, reason: 'not_found', error: 'Current race 7 not found' });
    renderRoute('/race/7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Current race 7 not found');
    expect(screen.getByRole('link', { name: /races running now/ })).toHaveAttribute('href', '/current-race-screens');
  });

  it('should join again after a reconnect and take the fresh snapshot', async () => {
    renderRoute('/race/7');
    await screen.findByRole('heading', { name: 'Aville Race 3' });
    mockSocket.joinReply = () => ({
      ok: true,
      snapshot: makeSnapshot({ phase: 'running', frame: frame(20, [2, 3, 1]) }),
    });
    act(() => mockSocket.dropAndReconnect());
    expect(mockSocket.joins()).toEqual([7, 7]);
    const top = await screen.findByRole('region', { name: 'Live top 4' });
    expect(within(top).getAllByRole('listitem')[0]).toHaveTextContent('Night Ledger');
  });

  it('should leave the room and stop listening when the page closes', async () => {
    const view = renderRoute('/race/7');
    await screen.findByRole('heading', { name: 'Aville Race 3' });
    expect(mockSocket.listenerCount('race:frame')).toBe(1);
    view.unmount();
    expect(mockSocket.emitted.at(-1)).toEqual({ event: 'race:leave', args: [7] });
    expect(mockSocket.listenerCount('race:frame')).toBe(0);
  });

  it('should say what is wrong with a race id that is not one', async () => {
    renderRoute('/race/abc');
    expect(await screen.findByRole('alert')).toHaveTextContent("'abc' is not a race id");
    expect(mockSocket.joins()).toEqual([]);
  });
});

describe('RaceLeaderboardPage', () => {
  beforeEach(() => {
    mockSocket = new FakeRaceSocket();
    asMember();
    mockApi({});
  });

  it('should show the race number and the first 12 names in running order', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => ({
      post_position: i + 1,
      horse_id: 100 + i,
      horse_name: `Horse ${i + 1}`,
      horse_number: i + 1,
      jockey_id: 200 + i,
      jockey_name: `Jockey ${i + 1}`,
      morning_line: null,
    }));
    const order = [5, 3, 1, 2, 4, 6, 7, 8, 9, 10, 12, 11];
    mockSocket.joinReply = () => ({
      ok: true,
      snapshot: makeSnapshot({
        entries,
        phase: 'running',
        frame: { r: 7, s: 30, c: 15_000, ts: 0, p: entries.map(() => 0.5), v: entries.map(() => 16), l: order },
      }),
    });
    renderRoute('/leaderboard/7');
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    await waitFor(() => expect(within(board).getAllByRole('listitem')).toHaveLength(12));
    expect(within(board).getByRole('heading')).toHaveTextContent('Race 7');
    expect(
      within(board)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.name')?.textContent),
    ).toEqual(order.map((post) => `Horse ${post}`));
    expect(screen.getByRole('link', { name: 'Watch the race' })).toHaveAttribute('href', '/race/7');
  });

  it('should say Loading until the room answers', async () => {
    mockSocket.timeout = () => ({ emit: () => {} });
    renderRoute('/leaderboard/7');
    const board = await screen.findByRole('region', { name: 'Leaderboard' });
    expect(board).toHaveTextContent('Race 7Loading');
  });
});
