import { DEFAULT_USER_SETTINGS } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeCard } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { TRACK_CARD_MESSAGES } from './track-card-page';

// Races 11 and 12, the day's two races, not yet open, at a track five hours behind UTC.
const dayCard = () => {
  const card = makeCard(1, { firstRaceId: 11, race: { status: 'scheduled' } });
  return { ...card, track: { ...card.track, start_time: '08:00:00', utc_offset_minutes: -300 } };
};

const raceRows = () =>
  within(screen.getByRole('table', { name: /^Today's races/ }))
    .getAllByRole('row')
    .slice(1);

describe('TrackCardPage', () => {
  beforeEach(() => asMember());
  afterEach(() => jest.useRealTimers());

  it("should show the track header and today's races from the server's card", async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:55:00Z') });
    const { calls } = mockApi({ '/api/program/tracks/1/card': () => dayCard() });
    renderRoute('/track-card?id=1&daily_races=8');

    expect(await screen.findByRole('heading', { name: 'Aville Downs' })).toBeInTheDocument();
    const header = screen.getByRole('table', { name: 'Track' });
    expect(
      within(header)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Aville Downs',
      'Aville',
      // Race 1 at 13:00 UTC, in the viewer's zone, and 8:00 AM on the track's own clock.
      `${formatTimeOfDay('2026-11-23T13:00:00.000Z')} · track 8:00 AM UTC\u22125`,
      '2',
      '25 min',
      'Dirt',
      'Fast',
      'Sunny',
    ]);
    // The link said 8 races; the server's card has 2, and the page goes by the server.
    expect(raceRows()).toHaveLength(2);
    const cells = within(raceRows()[1] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      '2',
      'Aville Race 2',
      `${formatTimeOfDay('2026-11-23T13:25:00.000Z')} · track 8:25 AM UTC\u22125`,
      '6 f',
      'Dirt',
      'Fast',
      '$17,000.00',
      '3',
      'Scheduled',
      expect.stringMatching(/^(30:00|29:59)$/),
    ]);
    expect(calls[0]?.pathname).toBe('/api/program/tracks/1/card');
    expect(calls[0]?.searchParams.has('date')).toBe(false);
  });

  it('should say which races were cancelled and why, above the card and beside each one', async () => {
    const card = makeCard(1, { races: 4, firstRaceId: 11 });
    const races = card.races.map((r) =>
      r.race_number <= 3 ? { ...r, status: 'cancelled' as const, cancel_reason: 'missed_post' as const } : r,
    );
    mockApi({ '/api/program/tracks/1/card': () => ({ ...card, races }) });
    renderRoute('/track-card?id=1');
    expect(await screen.findByRole('note')).toHaveTextContent(
      'Races 1\u20133 were cancelled: the server was not running at post time. Bets on a cancelled race are refunded.',
    );
    const status = (row: number) => within(raceRows()[row] as HTMLElement).getAllByRole('cell')[8]?.textContent;
    expect(status(0)).toBe('Cancelled (the server was not running at post time)');
    expect(status(2)).toBe('Cancelled (the server was not running at post time)');
    expect(status(3)).toBe('Open for betting');
  });

  it('should open the race card from a row, by click or Enter', async () => {
    mockApi({ '/api/program/tracks/1/card': () => dayCard(), '/api/current_races/': () => json(404, {}) });
    const { router } = renderRoute('/track-card?id=1&daily_races=2');
    await screen.findByRole('table', { name: /^Today's races/ });
    fireEvent.click(within(raceRows()[0] as HTMLElement).getByText('Aville Race 1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/race-card'));
    expect(router.state.location.search).toBe('?raceId=11&trackId=1');

    await act(async () => {
      await router.navigate(-1);
    });
    const row = await screen.findByRole('row', { name: /Aville Race 2/ });
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?raceId=12&trackId=1'));
  });

  it('should open the Enter Horse dialog and close it with Escape or Close', async () => {
    mockApi({ '/api/program/tracks/1/card': () => dayCard() });
    renderRoute('/track-card?id=1');
    const open = await screen.findByRole('button', { name: 'Enter Horse' });

    fireEvent.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Enter Horse' });
    expect(within(dialog).getByRole('link', { name: 'create a horse' })).toHaveAttribute('href', '/create-horse');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    fireEvent.click(open);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should say no track name was provided for a missing or bad id', async () => {
    const { calls } = mockApi({});
    const first = renderRoute('/track-card');
    expect(await screen.findByText(TRACK_CARD_MESSAGES.noTrack)).toBeInTheDocument();
    first.unmount();
    renderRoute('/track-card?id=abc');
    expect(await screen.findByText(TRACK_CARD_MESSAGES.noTrack)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('should say loading, then that the track could not be retrieved', async () => {
    let answer: (r: Response) => void = () => {};
    global.fetch = jest.fn((input: RequestInfo | URL) =>
      // The layout's settings answer at once; the card waits for the test.
      String(input).endsWith('/api/me/settings')
        ? Promise.resolve(json(200, DEFAULT_USER_SETTINGS))
        : new Promise<Response>((resolve) => {
            answer = resolve;
          }),
    );
    renderRoute('/track-card?id=99');
    expect(await screen.findByText(TRACK_CARD_MESSAGES.loading)).toBeInTheDocument();
    await act(async () => answer(json(404, { statusCode: 404, message: 'Track 99 not found' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${TRACK_CARD_MESSAGES.failed} (Track 99 not found)`);
  });

  it('should say the track data is incomplete when the track has no start time or races', async () => {
    const card = dayCard();
    mockApi({ '/api/program/tracks/1/card': () => ({ ...card, track: { ...card.track, start_time: '' }, races: [] }) });
    renderRoute('/track-card?id=1');
    expect(await screen.findByText(TRACK_CARD_MESSAGES.incomplete)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Today's races/ })).not.toBeInTheDocument();
  });
});
