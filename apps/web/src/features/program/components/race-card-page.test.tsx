import type { CurrentRaceDetail } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { json, makeRaceDetail, makeTote, STABLE } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { useLiveConnection } from '../../../lib/live-connection';
import { useRaceContext } from '../../../lib/race-context';
import { POST_TIME_PASSED, postCountdown } from './race-clock';

// The app's race card shows the wagering feature's live tote: its socket and REST board are mocked.
const mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));
const tote = { '/api/current_races/7/tote': () => makeTote(7) };

// Race 7 is the day's first race, not yet open, with two runners (the second without trainer or owner).
const raceDetail = (patch: Partial<CurrentRaceDetail> = {}) =>
  makeRaceDetail(7, {
    race_number: 1,
    race_name: 'Aville Race 1',
    status: 'scheduled',
    entries: STABLE.slice(0, 2),
    ...patch,
  });

describe(postCountdown.name, () => {
  const post = '2026-11-23T13:00:00.000Z';

  it('should count down to post time', () => {
    expect(postCountdown(post, Date.parse('2026-11-23T12:55:00Z'))).toEqual({ passed: false, text: '5:00' });
    expect(postCountdown(post, Date.parse('2026-11-23T11:59:59Z'))).toEqual({ passed: false, text: '1:00:01' });
  });

  it('should say post time passed once reached, never counting to the next day', () => {
    expect(postCountdown(post, Date.parse('2026-11-23T13:00:00Z'))).toEqual({ passed: true, text: POST_TIME_PASSED });
    expect(postCountdown(post, Date.parse('2026-11-23T13:00:01Z'))).toEqual({ passed: true, text: POST_TIME_PASSED });
  });
});

describe('RaceCardPage', () => {
  beforeEach(() => {
    asMember();
    useRaceContext.getState().clear();
  });
  afterEach(() => jest.useRealTimers());

  it('should show the race with its class and conditions, and the wagering buttons', async () => {
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail({ seed_hash: 'ab12cd', status: 'open' }) });
    renderRoute('/race-card?raceId=7&trackId=1');

    expect(await screen.findByRole('heading', { name: 'Aville Race 1: Claiming $12,500' })).toBeInTheDocument();
    expect(
      screen.getByText('For horses entered to be claimed for $12,500. Six Furlongs on the dirt. Purse $17,000.'),
    ).toBeInTheDocument();
    const details = screen.getByRole('table', { name: 'Race details' });
    expect(within(details).getByRole('row', { name: 'Class Claiming' })).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: 'Aville Downs' })).toHaveAttribute('href', '/page-track/1');
    // The post time in the viewer's zone, with the track's own clock (UTC+0 here) beside it.
    expect(within(details).getByRole('rowheader', { name: 'Post time' }).nextSibling).toHaveTextContent(
      `${formatTimeOfDay('2026-11-23T13:00:00.000Z')} · track 1:00 PM UTC`,
    );
    expect(within(details).getByText('$17,000.00')).toBeInTheDocument();
    expect(within(details).getByText('ab12cd')).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Place Bet' })).toHaveAttribute('href', '/bets?raceId=7');
    expect(screen.getByRole('link', { name: 'Bet Odds' })).toHaveAttribute('href', '/bet-odds');
    expect(screen.getByRole('link', { name: 'Predict Race' })).toHaveAttribute('href', '/predict-race?raceId=7');
    expect(screen.getByRole('link', { name: 'Morning Line Odds' })).toHaveAttribute('href', '/morning-line-odds');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('should show beside each runner its number, line, live odds, age and sex, weight, connections and form', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail() });
    renderRoute('/race-card?raceId=7&trackId=1');

    const entries = await screen.findByRole('table', { name: 'Entries (2)' });
    expect(
      within(entries)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Horse', 'ML', 'Odds', 'A/S', 'Wgt', 'Jockey', 'Trainer', 'Owner', 'Last 3']);
    const [, first, second] = within(entries).getAllByRole('row');
    const cells = (row: HTMLElement | undefined) =>
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // Live odds from the tote (8-5), beside the morning line the card fixed (5-2); the form reads
    // oldest to latest, left to right; the registration number is a small detail, not the number.
    await waitFor(() =>
      expect(cells(first)).toEqual([
        '1',
        'Silver CometReg. 14',
        '5-2',
        '8-5',
        '4 c',
        '124',
        'Ada Reyes',
        'Tom Barr',
        'Greenfield Stables',
        '2-3-1',
      ]),
    );
    expect(cells(second)).toEqual([
      '2',
      'Night LedgerReg. 7',
      '3-1',
      '4-1',
      '3 f',
      '117',
      'Bo Lind',
      '—',
      '—',
      'First start',
    ]);
    expect(within(first as HTMLElement).getByTitle('Number 1')).toHaveStyle({ background: '#d7262b' });
    expect(within(first as HTMLElement).getByRole('link', { name: 'Silver Comet' })).toHaveAttribute(
      'href',
      '/page-horse/101',
    );
    expect(within(first as HTMLElement).getByRole('link', { name: 'Ada Reyes' })).toHaveAttribute(
      'href',
      '/page-jockey/201',
    );
    expect(within(first as HTMLElement).getByRole('link', { name: 'Tom Barr' })).toHaveAttribute(
      'href',
      '/page-trainer/301',
    );
    expect(within(first as HTMLElement).getByRole('link', { name: 'Greenfield Stables' })).toHaveAttribute(
      'href',
      '/page-owner/401',
    );
    expect(within(second as HTMLElement).queryAllByRole('link')).toHaveLength(2);
  });

  it.each([
    ['scheduled', []],
    ['open', ['Place Bet', 'Watch race']],
    ['closed', ['Watch race']],
    ['running', ['Watch race']],
    ['finished', ['Results and payoffs']],
    ['cancelled', []],
  ] as const)('should offer the buttons a %s race has', async (status, buttons) => {
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail({ status }) });
    renderRoute('/race-card?raceId=7&trackId=1');
    await screen.findByRole('table', { name: 'Entries (2)' });
    const offered = ['Place Bet', 'Watch race', 'Results and payoffs'].filter((name) =>
      screen.queryByRole('link', { name }),
    );
    expect(offered).toEqual(buttons);
    const href = {
      'Place Bet': '/bets?raceId=7',
      'Watch race': '/race/7',
      'Results and payoffs': '/race-results?id=7',
    };
    for (const name of buttons) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href[name]);
  });

  it('should put the race into the shared race context', async () => {
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail() });
    renderRoute('/race-card?raceId=7&trackId=1');
    await screen.findByRole('heading', { name: 'Aville Race 1: Claiming $12,500' });
    expect(useRaceContext.getState()).toMatchObject({
      currentRaceId: 7,
      trackId: 1,
      trackName: 'Aville Downs',
      postTime: '2026-11-23T13:00:00.000Z',
      horseIds: [101, 102],
      horseNames: ['Silver Comet', 'Night Ledger'],
    });
  });

  it("should count down to post by the server's clock, ticking every second", async () => {
    // This browser's clock is an hour behind the server's: the countdown follows the server.
    jest.useFakeTimers({ now: Date.parse('2026-11-23T11:55:00Z') });
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail({ server_time: '2026-11-23T12:55:00.000Z' }) });
    renderRoute('/race-card?raceId=7&trackId=1');

    const timer = await screen.findByRole('timer', { name: 'Countdown to post' });
    // Finding the page may have let a tick or two pass on the fake clock: read where it stands.
    const seconds = () => {
      const [m, s] = (timer.textContent ?? '').split(':').map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    };
    const start = seconds();
    expect(start).toBeGreaterThan(295);
    expect(start).toBeLessThanOrEqual(300);
    const clockAt = (iso: string) => formatTimeOfDay(iso, { seconds: true });
    expect(screen.getByText(clockAt(`2026-11-23T12:55:0${300 - start}Z`))).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(seconds()).toBe(start - 1);
    expect(screen.getByText(clockAt(`2026-11-23T12:55:0${301 - start}Z`))).toBeInTheDocument();
  });

  it('should say post time passed and show the status once post time is reached', async () => {
    // The browser's clock says 12:00, before post; the server's says 13:10, after it.
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') });
    mockApi({
      ...tote,
      '/api/current_races/7': () => raceDetail({ server_time: '2026-11-23T13:10:00.000Z', status: 'running' }),
    });
    renderRoute('/race-card?raceId=7&trackId=1');

    expect(await screen.findByText(POST_TIME_PASSED)).toBeInTheDocument();
    expect(screen.getByText("They're off — Running")).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('should show the status beside post time passed for a race that is not running', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T13:10:00Z') });
    mockApi({
      ...tote,
      '/api/current_races/7': () => raceDetail({ server_time: '2026-11-23T13:10:00.000Z', status: 'finished' }),
    });
    renderRoute('/race-card?raceId=7&trackId=1');
    expect(await screen.findByText(POST_TIME_PASSED)).toBeInTheDocument();
    expect(screen.getByText('Status: Finished')).toBeInTheDocument();
  });

  it('should link a finished race to its result and payoffs, and a race still to run to none', async () => {
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail({ status: 'finished' }) });
    const finished = renderRoute('/race-card?raceId=7&trackId=1');
    expect(await screen.findByRole('link', { name: 'Results and payoffs' })).toHaveAttribute(
      'href',
      '/race-results?id=7',
    );
    finished.unmount();

    mockApi({ ...tote, '/api/current_races/7': () => raceDetail({ status: 'open' }) });
    renderRoute('/race-card?raceId=7&trackId=1');
    expect(await screen.findByRole('heading', { name: 'Aville Race 1: Claiming $12,500' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch race' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Results and payoffs' })).not.toBeInTheDocument();
  });

  it('should refresh the race every 3 seconds and observe the server time each time', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:55:00Z') });
    let status = 'open';
    let serverTime = '2026-11-23T12:55:00.000Z';
    const { calls } = mockApi({
      ...tote,
      '/api/current_races/7': () => raceDetail({ status: status as 'open', server_time: serverTime }),
    });
    renderRoute('/race-card?raceId=7&trackId=1');
    await screen.findByRole('heading', { name: 'Aville Race 1: Claiming $12,500' });
    const fetches = () => calls.filter((u) => u.pathname === '/api/current_races/7').length;
    expect(fetches()).toBe(1);
    expect(screen.getByRole('row', { name: /Status Open for betting/ })).toBeInTheDocument();

    status = 'closed';
    // The server's clock jumps a minute ahead of the browser's: the next answer resets the offset.
    serverTime = '2026-11-23T12:56:03.000Z';
    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    expect(await screen.findByRole('row', { name: /Status Betting closed/ })).toBeInTheDocument();
    expect(fetches()).toBe(2);
    expect(screen.getByRole('timer', { name: 'Countdown to post' })).toHaveTextContent(/^3:57$/);
  });

  it('should say so when there is no race id, or the race does not exist', async () => {
    const { calls } = mockApi({
      ...tote,
      '/api/current_races/404': () => json(404, { statusCode: 404, message: 'Current race 404 not found' }),
    });
    const first = renderRoute('/race-card?trackId=1');
    expect(await screen.findByText('No race data available.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    first.unmount();

    renderRoute('/race-card?raceId=404&trackId=1');
    expect(await screen.findByText('No race data available.')).toBeInTheDocument();
  });

  it('should show the loading text, then an error line when the server fails', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    global.fetch = jest.fn(() => pending);
    renderRoute('/race-card?raceId=7');
    expect(await screen.findByText('Loading race data...')).toBeInTheDocument();
    await act(async () => answer(json(500, { statusCode: 500, message: 'database down' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the race. (database down)');
  });

  it('should go back with Go Back', async () => {
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail() });
    const { router } = renderRoute('/track-card?id=1');
    await act(async () => {
      await router.navigate('/race-card?raceId=7&trackId=1');
    });
    await screen.findByRole('heading', { name: 'Aville Race 1: Claiming $12,500' });
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/track-card'));
  });

  it('should show the live tote under the runners and follow its updates', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail() });
    renderRoute('/race-card?raceId=7&trackId=1');

    const board = await screen.findByRole('region', { name: 'Tote board' });
    const comet = within(await within(board).findByRole('table', { name: 'Win odds' })).getByRole('row', {
      name: /Silver Comet/,
    });
    expect(within(comet).getByText('8-5')).toBeInTheDocument();
    expect(mockSocket.emitted.some((e) => e.event === 'tote:join' && e.args[0] === 7)).toBe(true);

    const next = makeTote(7, { as_of: '2026-11-23T12:56:00.000Z' });
    next.runners[0] = { ...(next.runners[0] as (typeof next.runners)[number]), win_odds_display: '6-5' };
    act(() => mockSocket.serverSends('tote:update', next));
    expect(await within(board).findByText('6-5')).toBeInTheDocument();
    expect(within(board).getByText(/Live odds\./)).toBeInTheDocument();
    expect(within(board).getByRole('link', { name: 'All pools and probables' })).toHaveAttribute(
      'href',
      '/bet-odds?raceId=7',
    );
  });

  it('should say on the tote that it is reconnecting while the connection is down, and go on by REST meanwhile', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail() });
    renderRoute('/race-card?raceId=7&trackId=1');
    const board = await screen.findByRole('region', { name: 'Tote board' });
    expect(await within(board).findByText(/Live odds\./)).toBeInTheDocument();

    try {
      act(() => useLiveConnection.setState({ state: 'reconnecting' }));
      expect(within(board).getByRole('status')).toHaveTextContent('Reconnecting to the live tote…');
      expect(within(board).getByText(/Odds refresh every 5 seconds\./)).toBeInTheDocument();

      act(() => useLiveConnection.setState({ state: 'connected' }));
      expect(within(board).queryByRole('status')).toBeNull();
      expect(within(board).getByText(/Live odds\./)).toBeInTheDocument();
    } finally {
      useLiveConnection.setState({ state: 'connecting' });
    }
  });

  it('should say on the tote that betting has not opened for a scheduled race', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId, { status: 'scheduled', frozen: true }) });
    mockApi({ ...tote, '/api/current_races/7': () => raceDetail({ status: 'scheduled' }) });
    renderRoute('/race-card?raceId=7&trackId=1');
    const board = await screen.findByRole('region', { name: 'Tote board' });
    expect(await within(board).findByText(/Betting has not opened yet\./)).toBeInTheDocument();
  });
});
