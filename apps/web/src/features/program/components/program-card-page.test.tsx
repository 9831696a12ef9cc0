import { act, fireEvent, screen, within } from '@testing-library/react';
import { json, list, makeCard, makeTrack, makeTracks } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { filterTracks, locationInitial, NO_TRACKS_NOTICE } from './program-card-page';

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

describe('ProgramCardPage', () => {
  beforeEach(() => asMember());
  afterEach(() => jest.useRealTimers());

  const api = () =>
    mockApi({
      '/api/tracks': () => list(makeTracks()),
      '/api/program/tracks/': (url) => makeCard(Number(url.pathname.split('/')[4])),
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
    ).toEqual(['Aton Downs', 'Aton', '13:00:00', '8']);
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
    // Picking a track loads its day card for the next post (and the server's clock).
    expect(await within(details).findByText(/^Race 1 in \d+:\d\d/)).toBeInTheDocument();
    const value = (label: string) => within(details).getByRole('rowheader', { name: label }).nextSibling?.textContent;
    expect(value('Location')).toBe('Cville');
    expect(value('Surface')).toBe('Dirt');
    expect(value('Condition')).toBe('Fast');
    expect(value('Weather')).toBe('Sunny');
    expect(value('Start time')).toBe('13:00:00');
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
    expect(await within(details).findByText(/^Race 1 in /)).toBeInTheDocument();
  });

  it('should preselect the track of /program-card/:trackId', async () => {
    api();
    renderRoute('/program-card/3');
    const details = await screen.findByRole('complementary', { name: 'Bton Downs' });
    expect(await within(details).findByText(/^Race 1 in /)).toBeInTheDocument();
  });

  it("should show the server's clock, ticking, once a card has told it the server time", async () => {
    // The browser says 08:00; the server's card says 12:55.
    jest.useFakeTimers({ now: Date.parse('2026-11-23T08:00:00Z') });
    api();
    renderRoute('/program-card/1');
    const details = await screen.findByRole('complementary', { name: 'Aton Downs' });
    expect(await within(details).findByText(/^Race 1 in /)).toBeInTheDocument();
    const clock = () => screen.getByText(/^2026-11-23 \d\d:\d\d:\d\d$/).textContent ?? '';
    // The clock's last tick was read just before the answer came: it may show a second behind.
    expect(clock()).toMatch(/^2026-11-23 12:5[45]:\d\d$/);
    const before = clock();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(clock()).not.toBe(before);
    expect(clock()).toMatch(/^2026-11-23 12:55:0\d$/);
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
