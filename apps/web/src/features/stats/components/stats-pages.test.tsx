import type { StatsOverviewResponse, TrackConditionsResponse, TrackTypesResponse } from '@furlong/contracts';
import { screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeConnectionStats, makeLeader } from '../test-fixtures';

const notFound = (message: string) => new Response(JSON.stringify({ statusCode: 404, message }), { status: 404 });

function mockPerson(kind: 'jockeys' | 'trainers', stats = makeConnectionStats(5, 'Rosa Diaz')) {
  return mockApi({
    [`/api/stats/${kind}/5`]: () => stats,
    [`/api/stats/${kind}/`]: () => notFound('Not found'),
  });
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
    expect(screen.getByRole('list', { name: 'Speed figure by start, oldest to newest' })).toBeInTheDocument();
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
  });

  it('should show a trainer’s style and the figures behind it', async () => {
    mockPerson('trainers');
    renderRoute('/trainer-style?id=5');
    expect(await screen.findByRole('heading', { name: 'Sprint specialist' })).toBeInTheDocument();
    expect(screen.getByText('Wins 20.0% of sprints against 8.0% of routes.')).toBeInTheDocument();
    const posts = screen.getByRole('list', { name: 'Win % by post position' });
    expect(within(posts).getAllByRole('listitem')).toHaveLength(12);
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
    expect(await screen.findByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('12.35 s')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Win % by post position' })).getByText('14.6%')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Races by field size' })).getByText('400')).toBeInTheDocument();
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
    unmount();

    renderRoute('/track-type');
    expect(await screen.findByRole('table', { name: 'Races with a result, by surface' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Races' })).getByText('Turf')).toBeInTheDocument();
  });
});
