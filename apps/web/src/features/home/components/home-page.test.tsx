import type { LeaderRow, NextToPostResponse, RaceResultSummary } from '@furlong/contracts';
import { screen, within } from '@testing-library/react';
import { json, list, makeBoard, makeBoardRace } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { useServerClock } from '../../../lib/server-clock';

const leader = (id: number, name: string, patch: Partial<LeaderRow> = {}): LeaderRow => ({
  id,
  name,
  starts: 40,
  wins: 12,
  places: 8,
  shows: 5,
  win_pct: 30,
  earnings_cents: 12_345_600,
  ...patch,
});

const LEADERS: Record<string, LeaderRow> = {
  horses: leader(11, 'Silver Comet'),
  jockeys: leader(21, 'Ada Reyes', { wins: 57, starts: 300 }),
  trainers: leader(31, 'Tom Barr', { wins: 1, starts: 9 }),
  owners: leader(41, 'Greenfield Stables', { earnings_cents: 98_765_400 }),
};

const RUNNING = {
  id: 70,
  track_id: 3,
  track_name: 'Bton Park',
  location: 'Bton',
  race_number: 4,
  race_name: 'Bton Race 4',
  post_time: '2026-11-23T12:54:00.000Z',
  num_horses: 9,
};

const RESULT: RaceResultSummary = {
  result_id: 501,
  current_race_id: 60,
  race_name: 'Aville Race 3',
  race_number: 3,
  track_id: 1,
  track_name: 'Aville Downs',
  race_date: '2026-11-23',
  post_time: '2026-11-23T12:30:00.000Z',
  finished_at: '2026-11-23T12:32:00.000Z',
  runners: 8,
  winner_post_position: 4,
  winner_horse_id: 12,
  winner_name: 'Night Owl',
  win_payoff_cents: 840,
};

function homeApi(board: NextToPostResponse, results: RaceResultSummary[] = [RESULT]) {
  return mockApi({
    '/api/next_to_post': () => board,
    '/api/race_results': () => list(results, results.length),
    '/api/stats/leaders': (url) => {
      const kind = url.searchParams.get('kind') ?? '';
      return { kind, sort: url.searchParams.get('sort'), limit: 1, min_starts: 1, items: [LEADERS[kind]] };
    },
    '/api/tracks': () => list([], 72),
    '/api/races': () => list([], 3600),
    '/api/horses': () => list([], 6000),
    '/api/jockeys': () => list([], 600),
  });
}

describe('HomePage', () => {
  beforeEach(() => useServerClock.setState({ offsetMs: 0, synced: false, scaled: null }));
  afterEach(() => jest.useRealTimers());

  it('should show what is on now: next to post, a race running with a link to watch it, results and the featured performers', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:55:00Z') });
    const { calls } = homeApi(
      makeBoard({
        races: [
          makeBoardRace(81, { track_name: 'Aville Downs', race_number: 5, post_time: '2026-11-23T12:58:00.000Z' }),
          makeBoardRace(91, { track_name: 'Cton Oaks', race_number: 1, post_time: '2026-11-23T13:20:00.000Z' }),
        ],
        running: [RUNNING],
      }),
    );
    renderRoute('/home');

    const next = await screen.findByRole('region', { name: 'Next to post' });
    const rows = await within(next).findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('timer').textContent)).toEqual(['3 MTP', '25 MTP']);
    expect(rows[0]).toHaveTextContent('Aville Downs · Race 5');

    const now = screen.getByRole('region', { name: 'Racing now' });
    expect(await within(now).findByRole('link', { name: 'Watch Bton Race 4' })).toHaveAttribute('href', '/race/70');
    expect(now).toHaveTextContent(`Bton Park · Race 4 off at ${formatTimeOfDay(RUNNING.post_time)} · 9 runners`);

    const latest = screen.getByRole('region', { name: 'Latest results' });
    const result = await within(latest).findByRole('link', { name: 'Aville Downs · Race 3' });
    expect(result).toHaveAttribute('href', '/race-results?id=60');
    expect(latest).toHaveTextContent('Night Owl $8.40 to win');
    expect(within(latest).getByRole('link', { name: 'All results and payoffs' })).toHaveAttribute(
      'href',
      '/race-results',
    );
    expect(calls.find((u) => u.pathname === '/api/race_results')?.searchParams.get('limit')).toBe('5');

    const featured = screen.getByRole('region', { name: 'Featured performers' });
    const cards = await within(featured).findAllByRole('listitem');
    await within(featured).findByRole('link', { name: 'Greenfield Stables' });
    expect(cards.map((c) => c.textContent)).toEqual([
      'HorseSilver Comet$123,456.00 earned',
      'JockeyAda Reyes57 wins from 300 starts',
      'TrainerTom Barr1 win from 9 starts',
      'OwnerGreenfield Stables$987,654.00 earned',
    ]);
    expect(within(featured).getByRole('link', { name: 'Ada Reyes' })).toHaveAttribute('href', '/page-jockey/21');
    const asked = calls.filter((u) => u.pathname === '/api/stats/leaders').map((u) => u.searchParams.toString());
    expect(asked.sort()).toEqual(
      [
        'kind=horses&sort=earnings&limit=1',
        'kind=jockeys&sort=wins&limit=1',
        'kind=owners&sort=earnings&limit=1',
        'kind=trainers&sort=wins&limit=1',
      ].sort(),
    );
    expect(await screen.findByText('72')).toBeInTheDocument();
  });

  it('should speak of nothing that is not there: no promise of what comes later', async () => {
    homeApi(makeBoard());
    const { container } = renderRoute('/home');
    await screen.findByRole('link', { name: 'Greenfield Stables' });
    expect(container.textContent).not.toMatch(/arrives with|coming soon|not yet (available|built)|bonus/i);
  });

  it('should say when no race is running, and when the next one goes off', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:55:00Z') });
    homeApi(makeBoard({ races: [makeBoardRace(81, { track_name: 'Aville Downs', race_number: 5 })] }));
    renderRoute('/home');
    const now = await screen.findByRole('region', { name: 'Racing now' });
    expect(
      await within(now).findByText(/^No race is running right now\. Next off: Aville Downs Race 5, 5 MTP/),
    ).toHaveTextContent(`(${formatTimeOfDay('2026-11-23T13:00:00.000Z')}).`);
  });

  it('should say when no race has finished yet, and when a price is still to come', async () => {
    homeApi(makeBoard(), []);
    const first = renderRoute('/home');
    expect(await screen.findByText('No race has finished yet today.')).toBeInTheDocument();
    first.unmount();
    homeApi(makeBoard(), [{ ...RESULT, win_payoff_cents: null }]);
    renderRoute('/home');
    const latest = await screen.findByRole('region', { name: 'Latest results' });
    expect(await within(latest).findByText('price to come')).toBeInTheDocument();
  });

  it('should say when nothing is about to go off', async () => {
    homeApi(makeBoard());
    renderRoute('/home');
    const next = await screen.findByRole('region', { name: 'Next to post' });
    expect(await within(next).findByText('No races are about to go off.')).toBeInTheDocument();
    expect(await screen.findByText('No race is running right now.')).toBeInTheDocument();
  });

  it('should say loading while the board comes, and say so plainly when it cannot be had', async () => {
    mockApi({ '/api/next_to_post': () => json(503, { statusCode: 503, message: 'database down' }) });
    renderRoute('/home');
    expect(await screen.findByText('Loading the races next to post...')).toBeInTheDocument();
    expect(await screen.findByText('The races running now could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The races next to post could not be loaded. (database down)')).toBeInTheDocument();
  });
});
