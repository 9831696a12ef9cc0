import type { Featured, NewsItem, NextToPostResponse, RaceResultSummary } from '@furlong/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { json, list, makeBoard, makeBoardRace } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { useServerClock } from '../../../lib/server-clock';

const FEATURED: Featured = {
  since: '2026-11-23T12:00:00.000Z',
  until: '2026-11-23T13:00:00.000Z',
  server_time: '2026-11-23T12:55:00.000Z',
  performers: [
    {
      role: 'horse',
      id: 11,
      name: 'Silver Comet',
      runs: [
        {
          current_race_id: 81,
          race_number: 5,
          track_name: 'Aville Downs',
          post_time: '2026-11-23T12:58:00.000Z',
          post_position: 3,
          horse_name: 'Silver Comet',
        },
      ],
    },
    {
      role: 'jockey',
      id: 21,
      name: 'Ada Reyes',
      runs: [
        {
          current_race_id: 91,
          race_number: 1,
          track_name: 'Cton Oaks',
          post_time: '2026-11-23T13:20:00.000Z',
          post_position: 2,
          horse_name: 'Blue Moon',
        },
      ],
    },
    { role: 'trainer', id: 31, name: 'Tom Barr', runs: [] },
    { role: 'owner', id: 41, name: 'Greenfield Stables', runs: [] },
  ],
  bonus: { share: 0.1, cap_cents: 5000 },
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

function homeApi(
  board: NextToPostResponse,
  results: RaceResultSummary[] = [RESULT],
  featured: Featured = FEATURED,
  news: NewsItem[] = [],
) {
  return mockApi({
    '/api/news': (url) => list(news.slice(0, Number(url.searchParams.get('limit'))), news.length),
    '/api/next_to_post': () => board,
    '/api/race_results': () => list(results, results.length),
    '/api/featured': () => featured,
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
    await within(featured).findByRole('link', { name: 'Greenfield Stables' });
    const cards = within(featured)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('card'));
    expect(cards.map((c) => c.textContent)).toEqual([
      `HorseSilver Comet${formatTimeOfDay('2026-11-23T12:58:00.000Z')}: Race 5 at Aville Downs`,
      `JockeyAda Reyes${formatTimeOfDay('2026-11-23T13:20:00.000Z')}: Race 1 at Cton Oaks (Blue Moon)`,
      'TrainerTom BarrNo more runs today.',
      'OwnerGreenfield StablesNo more runs today.',
    ]);
    expect(within(featured).getByRole('link', { name: 'Ada Reyes' })).toHaveAttribute('href', '/page-jockey/21');
    expect(within(featured).getByRole('link', { name: 'Race 1' })).toHaveAttribute('href', '/race/91');
    expect(featured).toHaveTextContent(
      'if it wins you receive a bonus of 10% of the win payout (up to $50.00), credited once per bet to your wallet as “Featured bonus”',
    );
    expect(featured).toHaveTextContent('Next rotation in 5:00');
    expect(await screen.findByText('72')).toBeInTheDocument();
  });

  it('should speak of nothing that is not there: no promise of what comes later', async () => {
    homeApi(makeBoard());
    const { container } = renderRoute('/home');
    await screen.findByRole('link', { name: 'Greenfield Stables' });
    expect(container.textContent).not.toMatch(/arrives with|coming soon|not yet (available|built)/i);
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

  it('should say when nobody is featured, and plainly when the featured performers cannot be had', async () => {
    homeApi(makeBoard(), [], { ...FEATURED, performers: [] });
    const first = renderRoute('/home');
    const featured = await screen.findByRole('region', { name: 'Featured performers' });
    expect(
      await within(featured).findByText("Nobody is featured right now: no races are on today's cards."),
    ).toBeInTheDocument();
    expect(featured).toHaveTextContent('Featured bonus');
    first.unmount();
    mockApi({
      '/api/next_to_post': () => makeBoard(),
      '/api/featured': () => json(503, { statusCode: 503, message: 'database down' }),
    });
    renderRoute('/home');
    expect(await screen.findByText('The featured performers are not available right now.')).toBeInTheDocument();
  });

  it('should count down to the next rotation and ask again for the new four when it comes', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T12:59:58Z') });
    const { calls } = homeApi(makeBoard(), [], { ...FEATURED, server_time: '2026-11-23T12:59:58.000Z' });
    renderRoute('/home');
    const featured = await screen.findByRole('region', { name: 'Featured performers' });
    expect(await within(featured).findByText('0:02')).toBeInTheDocument();
    const asked = () => calls.filter((u) => u.pathname === '/api/featured').length;
    const before = asked();
    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
  });

  it('should show the first four news items, each linking to its race or horse, and a link to all the news', async () => {
    const news: NewsItem[] = Array.from({ length: 6 }, (_, i) => ({
      guid: `race-${i}-big-win`,
      kind: 'big_win',
      title: `Horse ${i} pays $2${i}.00 to win`,
      description: `Horse ${i} won.`,
      link: `/page-horse/${i}`,
      thumbnail: null,
      created_at: '2026-11-23T12:32:00.000Z',
    }));
    const { calls } = homeApi(makeBoard(), [RESULT], FEATURED, news);
    renderRoute('/home');
    const section = await screen.findByRole('region', { name: 'News' });
    const first = await within(section).findByRole('link', { name: 'Horse 0 pays $20.00 to win' });
    expect(first).toHaveAttribute('href', '/page-horse/0');
    expect(within(section).getAllByRole('listitem')).toHaveLength(4);
    expect(within(section).getByRole('link', { name: 'All the news' })).toHaveAttribute('href', '/news');
    expect(calls.find((u) => u.pathname === '/api/news')?.searchParams.get('limit')).toBe('4');
  });

  it('should say when there is no news yet', async () => {
    homeApi(makeBoard());
    renderRoute('/home');
    const section = await screen.findByRole('region', { name: 'News' });
    expect(await within(section).findByText('No news yet.')).toBeInTheDocument();
  });
});
