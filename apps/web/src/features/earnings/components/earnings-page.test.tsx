import type { EarningsHorsesPage, EarningsStartsPage, EarningsSummaryResponse } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

// jsdom has no canvas: the chart's picture is a stand-in; its caption, summary and table are real.
jest.mock('uplot', () =>
  Object.assign(
    jest.fn().mockImplementation(() => ({ width: 300, setSize: jest.fn(), destroy: jest.fn() })),
    { paths: {}, pxRatio: 1, tzDate: (d: Date) => d },
  ),
);

// The hand-made world of the server's medium test (apps/server/test/earnings-api.medium-spec.ts).
const APPLE: EarningsSummaryResponse = {
  kind: 'horses',
  id: 1,
  name: 'Apple Jack',
  starts: 4,
  wins: 2,
  paid_starts: 3,
  earnings_cents: 1_749_999,
  first_date: '2025-12-30',
  last_date: '2026-02-10',
  bucket: 'day',
  timeline: [
    { date: '2025-12-30', starts: 1, earnings_cents: 600_000, cumulative_cents: 600_000 },
    { date: '2026-01-05', starts: 2, earnings_cents: 150_000, cumulative_cents: 750_000 },
    { date: '2026-02-10', starts: 1, earnings_cents: 999_999, cumulative_cents: 1_749_999 },
  ],
  by_year: [
    { year: 2025, starts: 1, wins: 1, earnings_cents: 600_000 },
    { year: 2026, starts: 3, wins: 1, earnings_cents: 1_149_999 },
  ],
  by_track: [
    { track_id: 2, track_name: 'Beta Park', starts: 2, wins: 1, earnings_cents: 1_149_999 },
    { track_id: 1, track_name: 'Alpha Downs', starts: 2, wins: 1, earnings_cents: 600_000 },
  ],
  tracks_total: 2,
};

const JOCKEY: EarningsSummaryResponse = {
  ...APPLE,
  kind: 'jockeys',
  id: 1,
  name: 'J1 Rider',
  starts: 4,
  wins: 3,
  earnings_cents: 2_049_999,
  // Twelve tracks: the table lists ten until asked for all.
  by_track: Array.from({ length: 12 }, (_, i) => ({
    track_id: i + 1,
    track_name: `Track ${i + 1}`,
    starts: 1,
    wins: 0,
    earnings_cents: 1000 - i,
  })),
  tracks_total: 12,
};

const NOBODY: EarningsSummaryResponse = {
  ...APPLE,
  kind: 'owners',
  id: 4,
  name: 'O4 Owner',
  starts: 0,
  wins: 0,
  paid_starts: 0,
  earnings_cents: 0,
  first_date: null,
  last_date: null,
  timeline: [],
  by_year: [],
  by_track: [],
  tracks_total: 0,
};

function startsPage(url: URL): EarningsStartsPage {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  // Twelve starts, newest first, $100.00 each.
  const all = Array.from({ length: 12 }, (_, i) => ({
    race_id: 100 - i,
    race_name: `Race ${100 - i}`,
    race_date: `2026-01-${String(28 - i).padStart(2, '0')}`,
    track_id: 1,
    track_name: 'Alpha Downs',
    horse_id: 1,
    horse_name: 'Apple Jack',
    finish_position: 1,
    num_horses: 8,
    earnings_cents: 10_000,
    cumulative_cents: (12 - i) * 10_000,
  }));
  return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
}

const horsesPage = (items: EarningsHorsesPage['items']): EarningsHorsesPage => ({
  items,
  total: items.length,
  limit: 10,
  offset: 0,
});

const appleRow = {
  horse_id: 1,
  horse_name: 'Apple Jack',
  starts: 3,
  wins: 2,
  earnings_cents: 1_599_999,
  first_date: '2025-12-30',
  last_date: '2026-02-10',
};

function mockEarnings() {
  return mockApi({
    '/api/horses': (url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = [{ id: 1, horse_name: 'Apple Jack' }].filter((h) => h.horse_name.toLowerCase().includes(q));
      return { items, total: items.length, limit: 20, offset: 0 };
    },
    '/api/earnings/': (url) => {
      const path = url.pathname.replace('/api/earnings', '');
      if (path === '/horses') return horsesPage([appleRow, { ...appleRow, horse_id: 3, horse_name: 'Cold Comet' }]);
      if (path === '/horses/1') return APPLE;
      if (path === '/horses/1/starts') return startsPage(url);
      if (path === '/jockeys/1') return JOCKEY;
      if (path === '/jockeys/1/starts') return startsPage(url);
      if (path === '/jockeys/1/horses') return horsesPage([appleRow]);
      if (path === '/owners/4') return NOBODY;
      return new Response(JSON.stringify({ statusCode: 404, message: 'Horse 9 not found' }), { status: 404 });
    },
  });
}

const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

describe('the earnings page', () => {
  beforeEach(() => asMember());

  it('should offer the four pickers and the toggle before anything is chosen', async () => {
    mockEarnings();
    renderRoute('/earnings');
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 1 })).toBeInTheDocument();
    for (const name of ['Find a horse', 'Find a jockey', 'Find a trainer', 'Find an owner']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    expect(screen.getByText(/Choose a horse, jockey, trainer or owner above/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show All Horses' })).toBeInTheDocument();
  });

  it('should show a picked horse’s running total as a chart, its totals by year and by track, and its starts', async () => {
    const { calls } = mockEarnings();
    const { router } = renderRoute('/earnings');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Find a horse' }), { target: { value: 'app' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Apple Jack' }));

    const panel = await screen.findByRole('region', { name: 'Horse earnings' });
    expect(await within(panel).findByRole('heading', { name: 'Apple Jack (horse)' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?horse=1');
    expect(within(panel).getByText('Earnings', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$17,499.99');
    expect(within(panel).getByText('Paid starts', { selector: 'dt' }).nextElementSibling).toHaveTextContent('3');

    const chart = within(panel).getByRole('figure', { name: 'Earnings over time: Apple Jack' });
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      'Earnings over time: Apple Jack. Running total: $6,000.00 on 2025-12-30 to $17,499.99 on 2026-02-10; 3 points.',
    );
    expect(rowTexts(within(chart).getByRole('table'))).toEqual([
      'DateRunning total',
      '2025-12-30$6,000.00',
      '2026-01-05$7,500.00',
      '2026-02-10$17,499.99',
    ]);

    expect(rowTexts(within(panel).getByRole('table', { name: 'Totals by year: Apple Jack' }))).toEqual([
      'YearStartsWinsEarnings',
      '202511$6,000.00',
      '202631$11,499.99',
      'All years42$17,499.99',
    ]);
    expect(rowTexts(within(panel).getByRole('table', { name: 'Totals by track: Apple Jack' }))).toEqual([
      'TrackStartsWinsEarnings',
      'Beta Park21$11,499.99',
      'Alpha Downs21$6,000.00',
      'All tracks42$17,499.99',
    ]);

    const starts = await within(panel).findByRole('table', { name: 'Race by race: Apple Jack, newest first' });
    const [, newest] = within(starts).getAllByRole('row');
    expect(newest).toHaveTextContent('2026-01-28Race 100Alpha Downs1 / 8$100.00$1,200.00');
    // No horse column on a horse's own starts.
    expect(within(starts).queryByRole('columnheader', { name: 'Horse' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(panel).getByText('11–12 of 12')).toBeInTheDocument());
    expect(
      calls.some((u) => u.pathname === '/api/earnings/horses/1/starts' && u.searchParams.get('offset') === '10'),
    ).toBe(true);
  });

  it('should list the horses a chosen jockey rode with Show All Horses, and hide them again', async () => {
    mockEarnings();
    renderRoute('/earnings?jockey=1');
    const panel = await screen.findByRole('region', { name: 'Jockey earnings' });
    expect(await within(panel).findByRole('heading', { name: 'J1 Rider (jockey)' })).toBeInTheDocument();
    expect(within(panel).queryByRole('table', { name: /Horses J1 Rider rode/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show All Horses' }));
    const horses = await within(panel).findByRole('table', { name: 'Horses J1 Rider rode, by earnings with them' });
    expect(rowTexts(horses)[1]).toBe('1Apple Jack$15,999.99322025-12-30 – 2026-02-10');
    expect(within(horses).getByRole('link', { name: 'Apple Jack' })).toHaveAttribute(
      'href',
      '/earnings?jockey=1&all=1&horse=1',
    );
    // The starts list of a jockey names the horse of each start.
    const starts = await within(panel).findByRole('table', { name: 'Race by race: J1 Rider, newest first' });
    expect(within(starts).getByRole('columnheader', { name: 'Horse' })).toBeInTheDocument();

    const tracks = within(panel).getByRole('table', { name: 'Totals by track: J1 Rider' });
    expect(within(tracks).getAllByRole('row')).toHaveLength(12); // heading, 10 tracks, all tracks
    fireEvent.click(within(panel).getByRole('button', { name: 'Show all 12 tracks' }));
    expect(within(tracks).getAllByRole('row')).toHaveLength(14);
    expect(within(panel).getByRole('button', { name: 'Show the best 10 tracks' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Hide All Horses' }));
    await waitFor(() => expect(within(panel).queryByRole('table', { name: /Horses J1 Rider rode/ })).toBeNull());
  });

  it('should rank every horse with Show All Horses when no jockey, trainer or owner is chosen', async () => {
    mockEarnings();
    renderRoute('/earnings?all=1');
    const table = await screen.findByRole('table', { name: 'Every horse that has raced, by earnings' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Apple Jack', 'Cold Comet']);
  });

  it('should say so for someone without a start, and for an unknown or bad id', async () => {
    mockEarnings();
    renderRoute('/earnings?owner=4&horse=9&trainer=abc');
    expect(await screen.findByText('No starts on record yet, so no earnings.')).toBeInTheDocument();
    expect(await screen.findByText('Error: Horse 9 not found')).toBeInTheDocument();
    expect(screen.getByText("'abc' is not a trainer id.")).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Chosen owner' })).toHaveTextContent('O4 Owner');
    fireEvent.click(screen.getByRole('button', { name: 'Clear owner O4 Owner' }));
    await waitFor(() => expect(screen.queryByText('No starts on record yet, so no earnings.')).toBeNull());
  });
});
