import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { json, makeBoard, makeBoardRace, makeBoardTrack } from '../../../test/fixtures';
import { asMember, memberSession, mockApi } from '../../../test/render';
import { AppProviders } from '../../app/providers';
import { formatTimeOfDay } from '../../lib/format';
import { useServerClock } from '../../lib/server-clock';
import { SESSION_QUERY_KEY } from '../../lib/session';
import { mtpText, NextToPost } from './next-to-post';

function renderBoard(limit?: number, { member = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (member) client.setQueryData(SESSION_QUERY_KEY, memberSession());
  return render(
    <AppProviders client={client}>
      <MemoryRouter>
        <NextToPost limit={limit} />
      </MemoryRouter>
    </AppProviders>,
  );
}

const timers = () => screen.getAllByRole('timer').map((t) => t.textContent);
/** Moves the fake clock on a second at a time, letting answers (the board's refreshes) land in between. */
async function tick(ms: number) {
  for (let left = ms; left > 0; left -= 1000) {
    await act(async () => {
      jest.advanceTimersByTime(Math.min(1000, left));
    });
  }
}

describe(mtpText.name, () => {
  it('should count whole minutes to post rounded up, then say At post', () => {
    const post = '2026-11-23T13:00:00.000Z';
    expect(mtpText(post, Date.parse('2026-11-23T12:55:00Z')).text).toBe('5 MTP');
    expect(mtpText(post, Date.parse('2026-11-23T12:59:30Z')).text).toBe('1 MTP');
    expect(mtpText(post, Date.parse('2026-11-23T13:00:00Z'))).toEqual({ mtp: 0, text: 'At post' });
  });
});

describe('NextToPost', () => {
  beforeEach(() => useServerClock.setState({ offsetMs: 0, synced: false, scaled: null }));
  afterEach(() => jest.useRealTimers());

  it('should list the races soonest first and count their minutes to post down by the server clock', async () => {
    // The browser says 08:00; the server says 12:55: the countdown follows the server.
    const browser = Date.parse('2026-11-23T08:00:00Z');
    jest.useFakeTimers({ now: browser });
    const serverAhead = Date.parse('2026-11-23T12:55:00Z') - browser;
    mockApi({
      // The board refreshes every 10 s: each answer carries the server's time then.
      '/api/next_to_post': () =>
        makeBoard({
          server_time: new Date(Date.now() + serverAhead).toISOString(),
          races: [
            makeBoardRace(11, { track_name: 'Aville Downs', race_number: 3, post_time: '2026-11-23T12:57:00.000Z' }),
            makeBoardRace(21, {
              track_id: 2,
              track_name: 'Bton Park',
              race_number: 1,
              post_time: '2026-11-23T13:10:00.000Z',
              status: 'scheduled',
            }),
          ],
        }),
    });
    renderBoard();
    const list = await screen.findByRole('list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Aville Downs · Race 3',
      'Bton Park · Race 1',
    ]);
    expect(rows[0]).toHaveTextContent(formatTimeOfDay('2026-11-23T12:57:00.000Z'));
    expect(rows[0]).toHaveTextContent('8 runners');
    expect(within(rows[0] as HTMLElement).getByText('Betting open')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).queryByText('Betting open')).toBeNull();
    // A visitor is sent to the race screen (open to all); the race card is for members.
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/race/11');
    expect(timers()).toEqual(['2 MTP', '15 MTP']);

    await tick(61_000);
    expect(timers()).toEqual(['1 MTP', '14 MTP']);
    await tick(60_000);
    expect(timers()).toEqual(['At post', '13 MTP']);
  });

  it("should count at the racing clock's time scale when it runs faster than the wall clock", async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T08:00:00Z') });
    mockApi({
      '/api/next_to_post': () =>
        makeBoard({ time_scale: 20, races: [makeBoardRace(11, { post_time: '2026-11-23T13:05:00.000Z' })] }),
    });
    renderBoard();
    expect(await screen.findByRole('timer')).toHaveTextContent('10 MTP');
    // 3 wall seconds are a racing minute at 20×.
    await tick(3000);
    expect(screen.getByRole('timer')).toHaveTextContent('9 MTP');
  });

  it('should show as many races as asked, and send a member to the race card', async () => {
    asMember();
    mockApi({
      '/api/next_to_post': () =>
        makeBoard({ races: [1, 2, 3].map((n) => makeBoardRace(n, { race_number: n, track_id: 4 })) }),
    });
    renderBoard(2, { member: true });
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/race-card?raceId=1&trackId=4');
  });

  it('should say when no track has racing left today, name those tracks, and say why races were cancelled', async () => {
    mockApi({
      '/api/next_to_post': () =>
        makeBoard({
          tracks: [
            makeBoardTrack(1, 'Aville', {
              next_race: null,
              races_left: 0,
              cancelled_race_numbers: [1, 2, 3, 4],
              cancel_reason: 'missed_post',
            }),
            makeBoardTrack(2, 'Bton', { next_race: null, races_left: 0, running_race: { id: 28, race_number: 8 } }),
          ],
        }),
    });
    renderBoard();
    expect(await screen.findByText('No racing left today at any track.')).toBeInTheDocument();
    expect(screen.getByText('2 tracks have no racing left today')).toBeInTheDocument();
    expect(screen.getByText('Aville Downs: no racing left today')).toBeInTheDocument();
    expect(screen.getByText('Bton Downs: Race 8 running, no more after it today')).toBeInTheDocument();
    expect(
      screen.getByText('4 races cancelled today at Aville Downs: the server was not running at post time'),
    ).toBeInTheDocument();
    expect(screen.getByText('Aville Downs: Races 1\u20134 cancelled')).toBeInTheDocument();
  });

  it("should give each track its reason when the day's cancellations differ", async () => {
    mockApi({
      '/api/next_to_post': () =>
        makeBoard({
          tracks: [
            makeBoardTrack(1, 'Aville', { cancelled_race_numbers: [1, 2], cancel_reason: 'missed_post' }),
            makeBoardTrack(2, 'Bton', { cancelled_race_numbers: [5], cancel_reason: 'not_recorded' }),
          ],
        }),
    });
    renderBoard();
    expect(await screen.findByText('3 races cancelled today at 2 tracks')).toBeInTheDocument();
    expect(
      screen.getByText('Aville Downs: Races 1, 2 cancelled, the server was not running at post time'),
    ).toBeInTheDocument();
    expect(screen.getByText('Bton Downs: Race 5 cancelled, its result could not be recorded')).toBeInTheDocument();
  });

  it('should say no races are about to go off when the board is empty', async () => {
    mockApi({ '/api/next_to_post': () => makeBoard() });
    renderBoard();
    expect(await screen.findByText('No races are about to go off.')).toBeInTheDocument();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('should say loading, then an error line when the board cannot be loaded', async () => {
    mockApi({ '/api/next_to_post': () => json(500, { statusCode: 500, message: 'database down' }) });
    renderBoard();
    expect(screen.getByText('Loading the races next to post...')).toBeInTheDocument();
    expect(await screen.findByText('The races next to post could not be loaded. (database down)')).toBeInTheDocument();
    // A side panel does not raise an alert over the page it sits on.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
