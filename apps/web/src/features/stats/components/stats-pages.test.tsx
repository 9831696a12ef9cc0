import type {
  EarningsSummaryResponse,
  StatsOverviewResponse,
  TrackConditionsResponse,
  TrackTypesResponse,
} from '@furlong/contracts';
import { screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeConnectionStats, makeLeader } from '../test-fixtures';

// jsdom has no canvas: the charts' pictures are stand-ins; their captions, summaries and tables are real.
jest.mock('uplot', () =>
  Object.assign(
    jest.fn().mockImplementation(() => ({ width: 300, setSize: jest.fn(), destroy: jest.fn() })),
    { paths: {}, pxRatio: 1, tzDate: (d: Date) => d },
  ),
);

const notFound = (message: string) => new Response(JSON.stringify({ statusCode: 404, message }), { status: 404 });

function mockPerson(kind: 'jockeys' | 'trainers', stats = makeConnectionStats(5, 'Rosa Diaz')) {
  return mockApi({
    [`/api/stats/${kind}/5`]: () => stats,
    [`/api/stats/${kind}/`]: () => notFound('Not found'),
    [`/api/earnings/${kind}/5`]: () => earnings(kind, stats.name),
  });
}

function earnings(kind: 'jockeys' | 'trainers', name: string): EarningsSummaryResponse {
  return {
    kind,
    id: 5,
    name,
    starts: 2,
    wins: 1,
    paid_starts: 1,
    earnings_cents: 1_200_000,
    first_date: '2026-11-01',
    last_date: '2026-11-02',
    bucket: 'day',
    timeline: [
      { date: '2026-11-01', starts: 1, earnings_cents: 0, cumulative_cents: 0 },
      { date: '2026-11-02', starts: 1, earnings_cents: 1_200_000, cumulative_cents: 1_200_000 },
    ],
    by_year: [{ year: 2026, starts: 2, wins: 1, earnings_cents: 1_200_000 }],
    by_track: [],
    tracks_total: 0,
  };
}

const overview: StatsOverviewResponse = {
  races: 1234,
  starters: 11_106,
  avg_field_size: 9,
  avg_winning_time_per_furlong_ms: 12_345.6,
  first_date: '2026-10-01',
  last_date: '2026-11-22',
  by_post_position: [
    { key: '1', starts: 1234, wins: 180, win_pct: 14.59 },
    { key: '2', starts: 1234, wins: 90, win_pct: 7.29 },
  ],
  by_field_size: [
    { key: '8', races: 400, pct_of_races: 32.41, avg_winning_time_per_furlong_ms: 12_300 },
    { key: '12', races: 200, pct_of_races: 16.21, avg_winning_time_per_furlong_ms: 12_400 },
  ],
  top_horses: [makeLeader(44, 'Quick Silver')],
  top_jockeys: [makeLeader(5, 'Rosa Diaz')],
  top_trainers: [makeLeader(8, 'Tom Barr')],
};

describe('the statistics pages', () => {
  beforeEach(() => asMember());

  it('should show a jockey history: the recent starts with links, finish and earnings', async () => {
    mockPerson('jockeys');
    renderRoute('/jockey-History?id=5');
    const table = await screen.findByRole('table', { name: 'Last 2 starts, newest first' });
    const [, first] = within(table).getAllByRole('row');
    const row = within(first as HTMLElement);
    expect(row.getByRole('link', { name: 'Maiden Claiming' })).toHaveAttribute('href', '/page-race/301');
    expect(row.getByRole('link', { name: 'Quick Silver' })).toHaveAttribute('href', '/page-horse/44');
    expect(row.getByRole('cell', { name: '1 / 9' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'Dirt / Fast' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '1:10.45' })).toBeInTheDocument();
    expect(row.getByRole('cell', { name: '$12,000.00' })).toBeInTheDocument();
    const speed = screen.getByRole('figure', { name: 'Speed figure by start, oldest to newest' });
    expect(within(speed).getByRole('img')).toHaveAccessibleName(
      'Speed figures of the last 2 starts, oldest to newest: 71 (2026-11-01, 5th), 88 (2026-11-02, 1st).',
    );
  });

  it('should say when a trainer has no starts yet', async () => {
    mockPerson('trainers', makeConnectionStats(5, 'Tom Barr', { starts: 0, wins: 0, recent: [] }));
    renderRoute('/trainer-history?id=5');
    expect(await screen.findByText('No starts yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Trainer History', level: 1 })).toBeInTheDocument();
  });

  it('should show a jockey’s headline figures and win rates by surface, condition and distance', async () => {
    mockPerson('jockeys');
    renderRoute('/jockey-Stats?id=5');
    expect(await screen.findByRole('heading', { name: 'Rosa Diaz' })).toBeInTheDocument();
    expect(screen.getByText('In the money %').nextElementSibling).toHaveTextContent('39.2%');
    expect(screen.getByText('Avg speed figure').nextElementSibling).toHaveTextContent('81.4');
    const surface = screen.getByRole('list', { name: 'Win % by surface' });
    expect(within(surface).getByText('17.5%')).toBeInTheDocument();
    expect(within(surface).getByText('14 wins from 80 starts')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Win % by track condition' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Win % by distance' })).getByText('Sprint (< 8 f)'),
    ).toBeInTheDocument();
    const money = await screen.findByRole('figure', { name: 'Earnings over time' });
    expect(within(money).getByRole('img')).toHaveAccessibleName(
      'Earnings over time. Running total: $0.00 on 2026-11-01 to $12,000.00 on 2026-11-02; 2 points.',
    );
    expect(within(money).getByRole('link', { name: /Earnings by year, track and horse/ })).toHaveAttribute(
      'href',
      '/earnings?jockey=5',
    );
  });

  it('should show a trainer’s style and the figures behind it', async () => {
    mockPerson('trainers');
    renderRoute('/trainer-style?id=5');
    expect(await screen.findByRole('heading', { name: 'Sprint specialist' })).toBeInTheDocument();
    expect(screen.getByText('Wins 20.0% of sprints against 8.0% of routes.')).toBeInTheDocument();
    const posts = screen.getByRole('figure', { name: 'Win % by post position' });
    // Posts 1–12 in the table, and the overall rate as the dashed level.
    expect(within(within(posts).getByRole('table')).getAllByRole('row')).toHaveLength(13);
    expect(within(posts).getByRole('row', { name: '1 30.0% 3 10' })).toBeInTheDocument();
    expect(within(posts).getByRole('img')).toHaveAccessibleName(/All posts 15\.0%: 15\.0%\.$/);
    const inside = screen.getByRole('list', { name: 'Inside vs outside posts: win %' });
    expect(within(inside).getByText('9 wins from 30 starts')).toBeInTheDocument();
  });

  it('should show the server’s message for an unknown id, and refuse an id that is not one', async () => {
    mockApi({ '/api/stats/jockeys/': () => notFound('Jockey 999 not found') });
    const { unmount } = renderRoute('/jockey-Stats?id=999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Jockey 999 not found');
    unmount();
    renderRoute('/jockey-Stats?id=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent("'abc' is not a jockey id");
  });

  it('should show the overview with charts and the top five with links', async () => {
    mockApi({ '/api/stats/overview': () => overview });
    renderRoute('/statistics');
    expect(await screen.findByText('1,234', { selector: '.stat-card-value' })).toBeInTheDocument();
    expect(screen.getByText('12.35 s', { selector: '.stat-card-value' })).toBeInTheDocument();
    const posts = screen.getByRole('figure', { name: 'Win % by post position' });
    // 270 wins from 2,468 starts over both posts.
    expect(within(posts).getByRole('img')).toHaveAccessibleName(
      'Win % by post position. 1: 14.6%, 2: 7.3%. All posts 10.9%: 10.9%.',
    );
    const sizes = screen.getByRole('figure', { name: 'Races by field size' });
    expect(within(sizes).getByRole('row', { name: '8 400 32.4% 12.30 s' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Every horse by earnings' })).toHaveAttribute('href', '/earnings?all=1');
    expect(screen.getByRole('link', { name: 'Quick Silver' })).toHaveAttribute('href', '/page-horse/44');
    expect(screen.getByRole('link', { name: 'Rosa Diaz' })).toHaveAttribute('href', '/page-jockey/5');
    expect(screen.getByRole('link', { name: 'Tom Barr' })).toHaveAttribute('href', '/page-trainer/8');
  });

  it('should say so before any race is run', async () => {
    mockApi({ '/api/stats/overview': () => ({ ...overview, races: 0, starters: 0 }) });
    renderRoute('/statistics');
    expect(await screen.findByText('No races have been run yet, so there are no figures.')).toBeInTheDocument();
  });

  it('should show the track conditions and track types as a table and charts', async () => {
    const conditions: TrackConditionsResponse = {
      items: [
        {
          key: 'fast',
          races: 900,
          avg_winning_time_per_furlong_ms: 12_100,
          avg_speed_figure: 82.5,
          avg_field_size: 9.1,
          tracks_now: 12,
        },
        {
          key: 'sloppy',
          races: 0,
          avg_winning_time_per_furlong_ms: null,
          avg_speed_figure: null,
          avg_field_size: null,
          tracks_now: 2,
        },
      ],
    };
    const types: TrackTypesResponse = {
      items: [
        {
          key: 'turf',
          races: 300,
          avg_winning_time_per_furlong_ms: 12_500,
          avg_speed_figure: 79,
          avg_field_size: 10,
          tracks: 4,
        },
      ],
    };
    mockApi({ '/api/stats/track-conditions': () => conditions, '/api/stats/track-types': () => types });
    const { unmount } = renderRoute('/track-conditions');
    const table = await screen.findByRole('table', { name: 'Races with a result, by condition' });
    const fast = within(table).getByRole('row', { name: /Fast/ });
    expect(within(fast).getByRole('cell', { name: '12.10 s' })).toBeInTheDocument();
    expect(within(fast).getByRole('cell', { name: '12' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tracks now' })).getByText('Sloppy')).toBeInTheDocument();
    // One point per going with both figures (none for sloppy, which has no races).
    const scatter = screen.getByRole('figure', { name: 'Speed against time, by condition' });
    expect(
      within(scatter)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['PointAvg speed figureAvg winning time / furlong (s)Races', 'Fast82.512.10 s900']);
    unmount();

    renderRoute('/track-type');
    expect(await screen.findByRole('table', { name: 'Races with a result, by surface' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Races' })).getByText('Turf')).toBeInTheDocument();
  });
});
