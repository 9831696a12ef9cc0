import type { CurrentRaceSummary } from '@furlong/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { FakeRaceSocket } from '../../../../test/fake-socket';
import { list, makeRace } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { useServerClock } from '../../../lib/server-clock';
import { getSocket } from '../../../lib/socket';
import { CURRENT_RACES_REFRESH_MS, CURRENT_RACES_SHOWN } from '../api/current-races';

const mockSocket = new FakeRaceSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: jest.fn(() => mockSocket) }));

describe('CurrentRacesPage', () => {
  beforeEach(() => {
    asMember();
    useServerClock.setState({ offsetMs: 0, synced: false });
  });
  afterEach(() => jest.useRealTimers());

  it('should list the races running now and next to post, each with a Watch button to its race screen', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:58:30Z'), advanceTimers: true });
    mockApi({
      '/api/current_races': (url) => {
        const status = url.searchParams.get('status');
        if (status === 'running')
          return list([makeRace(5, { race_name: 'Bton Race 2', location: 'Bton', track_id: 2, status: 'running' })]);
        if (status === 'open')
          // Newest post first, as the server lists them.
          return list([
            makeRace(9, { race_name: 'Aville Race 4', post_time: '2026-11-23T13:25:00.000Z' }),
            makeRace(8, { race_name: 'Aville Race 3', post_time: '2026-11-23T13:00:00.000Z' }),
          ]);
        return list([makeRace(4, { race_name: 'Aville Race 2', status: 'finished' })]);
      },
    });
    renderRoute('/current-race-screens');

    const running = await screen.findByRole('region', { name: 'Running now' });
    await within(running).findByText('Bton Race 2');
    expect(within(running).getByRole('link', { name: 'Watch Bton Race 2' })).toHaveAttribute('href', '/race/5');
    expect(within(running).getByRole('link', { name: 'Bton' })).toHaveAttribute('href', '/page-track/2');

    const next = screen.getByRole('region', { name: 'Next to post' });
    const rows = await within(next).findAllByRole('row');
    // Earliest post first: the next race to go.
    expect(rows[1]).toHaveTextContent('Aville Race 3');
    expect(within(rows[1] as HTMLElement).getByRole('timer')).toHaveTextContent('1:30');
    expect(within(rows[1] as HTMLElement).getByText(formatTimeOfDay('2026-11-23T13:00:00.000Z'))).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Watch Aville Race 4' })).toHaveAttribute('href', '/race/9');

    const results = screen.getByRole('region', { name: 'Latest results' });
    expect(await within(results).findByRole('link', { name: 'Results' })).toHaveAttribute('href', '/race-results?id=4');
    expect(within(results).queryByRole('link', { name: /Watch/ })).not.toBeInTheDocument();
  });

  it('should say so when nothing is running or open', async () => {
    mockApi({ '/api/current_races': () => list([]) });
    renderRoute('/current-races');
    expect(await screen.findByText('No race is running right now.')).toBeInTheDocument();
    expect(screen.getByText('No race is open for betting right now.')).toBeInTheDocument();
    expect(screen.getByText('No race has finished yet.')).toBeInTheDocument();
  });

  it('should read the last page of a long list to find the next races to post', async () => {
    const { calls } = mockApi({
      '/api/current_races': (url) => {
        if (url.searchParams.get('status') !== 'open') return list([]);
        const offset = Number(url.searchParams.get('offset') ?? 0);
        return offset === 0
          ? list([makeRace(99, { race_name: 'Late Race' })], 30)
          : list([makeRace(11, { race_name: 'Early Race' })], 30, offset);
      },
    });
    renderRoute('/race-screens');
    const next = await screen.findByRole('region', { name: 'Next to post' });
    expect(await within(next).findByText('Early Race')).toBeInTheDocument();
    expect(within(next).queryByText('Late Race')).not.toBeInTheDocument();
    expect(within(next).getByText('Showing 1 of 30.')).toBeInTheDocument();
    const open = calls.filter((u) => u.searchParams.get('status') === 'open');
    expect(open.map((u) => u.searchParams.get('offset'))).toEqual([null, String(30 - CURRENT_RACES_SHOWN)]);
  });

  it('should refresh the lists every few seconds', async () => {
    jest.useFakeTimers();
    let status: CurrentRaceSummary['status'] = 'open';
    const { calls } = mockApi({
      '/api/current_races': (url) =>
        url.searchParams.get('status') === status
          ? list([makeRace(8, { race_name: 'Aville Race 3', status })])
          : list([]),
    });
    renderRoute('/current-race-screens');
    const running = await screen.findByRole('region', { name: 'Running now' });
    await within(running).findByText('No race is running right now.');
    const before = calls.length;

    status = 'running';
    await act(async () => {
      jest.advanceTimersByTime(CURRENT_RACES_REFRESH_MS);
    });
    await waitFor(() => expect(within(running).getByRole('link', { name: 'Watch Aville Race 3' })).toBeInTheDocument());
    expect(calls.length).toBeGreaterThan(before);
  });

  it('should connect the socket, which syncs the clock the countdowns use', async () => {
    mockApi({ '/api/current_races': () => list([]) });
    renderRoute('/current-race-screens');
    await screen.findByText('No race is running right now.');
    // A real socket syncs the clock on connect (lib/socket.ts); the race screen then reuses it.
    expect(getSocket).toHaveBeenCalled();
  });
});
