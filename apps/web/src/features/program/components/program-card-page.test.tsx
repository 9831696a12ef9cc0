import type { NextToPostTrack } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, list, makeBoard, makeBoardTrack, makeTrack, makeTracks } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { useServerClock } from '../../../lib/server-clock';
import { filterTracks, locationInitial, NO_TRACKS_NOTICE, sortTracks } from './program-card-page';

/** The track list's body rows. */
const trackRows = () =>
  within(screen.getByRole('table', { name: /^Tracks/ }))
    .getAllByRole('row')
    .slice(1);

describe(filterTracks.name, () => {
  const tracks = [makeTrack(1, 'aintree'), makeTrack(2, 'Ascot'), makeTrack(3, 'Belmont'), makeTrack(4, ' Chester')];

  it('should keep the tracks whose location starts with the letter, in any case', () => {
    expect(filterTracks(tracks, 'A', 25).map((t) => t.id)).toEqual([1, 2]);
    expect(filterTracks(tracks, 'C', 25).map((t) => t.id)).toEqual([4]);
    expect(filterTracks(tracks, 'X', 25)).toEqual([]);
    expect(locationInitial({ location: '' })).toBe('');
  });

  it('should keep all tracks for no letter, at most the chosen count', () => {
    expect(filterTracks(tracks, null, 25)).toHaveLength(4);
    expect(filterTracks(tracks, null, 2).map((t) => t.id)).toEqual([1, 2]);
    expect(filterTracks(tracks, 'A', 1).map((t) => t.id)).toEqual([1]);
  });
});

describe(sortTracks.name, () => {
  const tracks = [makeTrack(1, 'Aton'), makeTrack(2, 'Bton', { track_name: 'Zed Park' }), makeTrack(3, 'Cton')];
  const board = [{ track_id: 3 }, { track_id: 1 }];

  it("should put the tracks in the board's next-to-post order, those it does not know after by location", () => {
    expect(sortTracks(tracks, 'mtp', board).map((t) => t.id)).toEqual([3, 1, 2]);
  });

  it('should keep the location order before the board has answered, or when asked to', () => {
    expect(sortTracks(tracks, 'mtp', undefined).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(sortTracks(tracks, 'location', board).map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('should sort by track name when asked to', () => {
    expect(sortTracks(tracks, 'name', board).map((t) => t.track_name)).toEqual([
      'Aton Downs',
      'Cton Downs',
      'Zed Park',
    ]);
  });
});

/** Race 1 at every track, a minute apart in location order from 13:00 UTC (so next to post is that order too). */
function boardOfAll(): NextToPostTrack[] {
  return makeTracks().map((t, i) => {
    const post = new Date(Date.parse('2026-11-23T13:00:00Z') + i * 60_000).toISOString();
    return makeBoardTrack(t.id, t.location, {
      first_post_time: post,
      next_race: { id: t.id * 100 + 1, race_number: 1, post_time: post, status: 'open', mtp: 5 + i },
    });
  });
}

describe('ProgramCardPage', () => {
  beforeEach(() => {
    asMember();
    useServerClock.setState({ offsetMs: 0, synced: false, scaled: null });
  });
  afterEach(() => jest.useRealTimers());

  const api = (tracks: NextToPostTrack[] = boardOfAll()) =>
    mockApi({
      '/api/tracks': () => list(makeTracks()),
      '/api/next_to_post': () => makeBoard({ tracks }),
    });

  it('should list 25 tracks by default and as many as the tracks-number selector says', async () => {
    const { calls } = api();
    renderRoute('/program-card');
    expect(await screen.findByRole('heading', { name: 'Program Card' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /Tracks \(25 of 29\)/ })).toBeInTheDocument();
    expect(trackRows()).toHaveLength(25);
    expect(calls[0]?.searchParams.get('sort')).toBe('location');

    const selector = screen.getByLabelText('Tracks shown');
    expect(
      within(selector)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['5', '10', '25', '50', '100']);
    fireEvent.change(selector, { target: { value: '5' } });
    expect(trackRows()).toHaveLength(5);
    fireEvent.change(selector, { target: { value: '100' } });
    expect(trackRows()).toHaveLength(29);
    const first = trackRows()[0] as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Aton Downs', 'Aton', 'Race 1 · 5 MTP', formatTimeOfDay('2026-11-23T13:00:00.000Z'), '8']);
  });

  it("should order the tracks by their next race's minutes to post by default, the tracks done for the day last", async () => {
    const at = (hhmm: string) => `2026-11-23T${hhmm}:00.000Z`;
    const next = (id: number, post: string) => ({
      id,
      race_number: 3,
      post_time: post,
      status: 'open' as const,
      mtp: 1,
    });
    // The server lists the board in next-to-post order: Pville (12:57), Dville (13:10), then Aville, done.
    api([
      makeBoardTrack(20, 'Pville', { next_race: next(2003, at('12:57')) }),
      makeBoardTrack(8, 'Dville', { next_race: next(803, at('13:10')) }),
      makeBoardTrack(2, 'Aville', {
        next_race: null,
        races_left: 0,
        cancelled_race_numbers: [1, 2, 3, 4],
        cancel_reason: 'missed_post',
      }),
    ]);
    renderRoute('/program-card');
    await screen.findByRole('table', { name: /^Tracks/ });
    const sortBy = screen.getByLabelText('Sort by');
    expect(sortBy).toHaveValue('mtp');
    expect(within(sortBy).getByRole('option', { selected: true })).toHaveTextContent('Next to post');
    const names = () => trackRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    const cell = (row: number) => within(trackRows()[row] as HTMLElement).getAllByRole('cell')[2]?.textContent;
    await waitFor(() => expect(cell(0)).toBe('Race 3 · 2 MTP'));
    expect(names().slice(0, 5)).toEqual(['Pville Downs', 'Dville Downs', 'Aville Downs', 'Aton Downs', 'Bton Downs']);
    // Seen at 12:55: 2 and 15 minutes to post.
    expect(cell(0)).toBe('Race 3 · 2 MTP');
    expect(cell(1)).toBe('Race 3 · 15 MTP');
    expect(cell(2)).toBe('No racing left today Races 1\u20134 cancelled: the server was not running at post time');

    fireEvent.change(sortBy, { target: { value: 'location' } });
    expect(names().slice(0, 3)).toEqual(['Aton Downs', 'Aville Downs', 'Bton Downs']);
    fireEvent.change(sortBy, { target: { value: 'mtp' } });
    expect(names()[0]).toBe('Pville Downs');
  });

  it('should filter by the location initial with pressed letter buttons', async () => {
    api();
    renderRoute('/program-card');
    await screen.findByRole('table', { name: /^Tracks/ });
    const all = screen.getByRole('button', { name: 'All' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toHaveLength(26);

    const b = screen.getByRole('button', { name: 'B' });
    fireEvent.click(b);
    expect(b).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(trackRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual(['Bton', 'Bville']);

    fireEvent.click(screen.getByRole('button', { name: 'X' }));
    expect(screen.getByText(NO_TRACKS_NOTICE)).toBeInTheDocument();
    expect(screen.getByText('No tracks start with X')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Tracks/ })).not.toBeInTheDocument();

    fireEvent.click(all);
    expect(trackRows()).toHaveLength(25);
    expect(screen.queryByText(NO_TRACKS_NOTICE)).not.toBeInTheDocument();
  });

  it('should show a picked track with the ways to its weekly and daily races, and clear it with Close', async () => {
    api();
    renderRoute('/program-card');
    await screen.findByRole('table', { name: /^Tracks/ });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('Cville Downs'));
    const details = screen.getByRole('complementary', { name: 'Cville Downs' });
    // The next post comes from the next-to-post board.
    const nextPost = within(details).getByRole('rowheader', { name: 'Next post' }).nextSibling;
    expect(nextPost).toHaveTextContent(`Race 1 · 10 MTP · ${formatTimeOfDay('2026-11-23T13:05:00.000Z')}`);
    const value = (label: string) => within(details).getByRole('rowheader', { name: label }).nextSibling?.textContent;
    expect(value('Location')).toBe('Cville');
    expect(value('Surface')).toBe('Dirt');
    expect(value('Condition')).toBe('Fast');
    expect(value('Weather')).toBe('Sunny');
    expect(value('Start time')).toBe(`${formatTimeOfDay('2026-11-23T13:05:00.000Z')} · track 1:05 PM UTC`);
    expect(value('Daily races')).toBe('8');
    expect(value('Race interval')).toBe('25 min');
    expect(value('Distance')).toBe('6 f (0.75 mi)');
    expect(value('Purse')).toBe('$17,000.00');
    expect(within(details).getByRole('link', { name: 'Weekly Races' })).toHaveAttribute('href', '/track-race-dates/6');
    expect(within(details).getByRole('link', { name: 'Daily Races' })).toHaveAttribute(
      'href',
      '/track-card?id=6&daily_races=8',
    );
    expect(screen.getByRole('row', { name: /Cville Downs/ })).toHaveAttribute('aria-current', 'true');

    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Cville Downs/ })).not.toHaveAttribute('aria-current');
  });

  it('should pick a track with the keyboard', async () => {
    api();
    renderRoute('/program-card');
    await screen.findByRole('table', { name: /^Tracks/ });
    fireEvent.keyDown(screen.getByRole('row', { name: /Dton Downs/ }), { key: 'Enter' });
    const details = screen.getByRole('complementary', { name: 'Dton Downs' });
    expect(await within(details).findByText(/^Race 1 · \d+ MTP/)).toBeInTheDocument();
  });

  it('should preselect the track of /program-card/:trackId', async () => {
    api();
    renderRoute('/program-card/3');
    const details = await screen.findByRole('complementary', { name: 'Bton Downs' });
    expect(await within(details).findByText(/^Race 1 · \d+ MTP/)).toBeInTheDocument();
  });

  it("should show the server's clock in the viewer's zone, ticking, once the board has told it the server time", async () => {
    // The browser says 08:00; the board says 12:55.
    jest.useFakeTimers({ now: Date.parse('2026-11-23T08:00:00Z') });
    api();
    renderRoute('/program-card/1');
    const details = await screen.findByRole('complementary', { name: 'Aton Downs' });
    expect(await within(details).findByText(/^Race 1 · /)).toBeInTheDocument();
    const clock = () => screen.getByText(/^Nov 23, /).textContent ?? '';
    const at = (second: number) =>
      formatTimeOfDay(Date.parse('2026-11-23T12:55:00Z') + second * 1000, { seconds: true, date: true });
    // The clock's last tick was read just before the answer came: it may show a second behind.
    expect([at(-1), at(0)]).toContain(clock());
    const before = clock();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(clock()).not.toBe(before);
    expect([at(0), at(1)]).toContain(clock());
  });

  it('should show the loading text, then an error line when the tracks cannot be loaded', async () => {
    mockApi({ '/api/tracks': () => json(500, { statusCode: 500, message: 'database down' }) });
    renderRoute('/program-card');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the tracks. (database down)');
  });

  it('should say loading while the tracks come', async () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => {}));
    renderRoute('/program-card');
    expect(await screen.findByText('Loading tracks...')).toBeInTheDocument();
  });
});
