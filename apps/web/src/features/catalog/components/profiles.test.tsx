import type { ConnectionStatsResponse, PastPerformanceResponse } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { list, makeCard, makeResultSummary } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const HORSE = {
  id: 12,
  horse_name: 'Night Owl',
  age: 4,
  gender: 'male',
  color: 'Bay',
  sire: 'Owl Creek',
  dam: 'Starry',
  jockey_id: 3,
  jockey_name: 'Ana Ruiz',
  trainer_id: 4,
  trainer_name: 'Bob Hale',
  owner_id: 5,
  owner_name: 'Gold Stables',
  earnings_cents: 1_250_000,
};

function pastPerformance(patch: Partial<PastPerformanceResponse> = {}): PastPerformanceResponse {
  const start = (race_id: number, finish_position: number, race_date: string) => ({
    race_id,
    race_name: `Claiming $12,500 #${race_id}`,
    race_date,
    track_id: 2,
    location: 'Victoria Park',
    furlongs: 6,
    surface_type: 'Dirt',
    track_condition: 'Fast',
    race_class: 'Claiming',
    num_horses: 9,
    finish_position,
    post_position: 4,
    jockey_id: 3,
    finish_time_ms: 71_230,
    speed_figure: 88,
    earnings_cents: finish_position === 1 ? 900_000 : 50_000,
    // A start from before final odds were kept has none.
    odds: race_id === 70 ? null : 2.6,
  });
  return {
    horse_id: 12,
    horse_name: 'Night Owl',
    jockey_id: 3,
    starts: 3,
    wins: 1,
    win_pct_horse: 33.33,
    avg_speed_figure_horse: 86.5,
    earnings_cents: 1_000_000,
    last_race_time_ms: 71_230,
    last_race_date: '2026-11-20',
    win_percentage_jockey: 18,
    refreshed_at: '2026-11-20T18:00:00.000Z',
    // Newest first: a win last time out after a 3rd and a 2nd.
    recent_starts: [start(90, 1, '2026-11-20'), start(80, 3, '2026-10-02'), start(70, 2, '2025-12-30')],
    career: { year: null, starts: 3, wins: 1, places: 1, shows: 1, earnings_cents: 1_000_000 },
    by_year: [
      { year: 2026, starts: 2, wins: 1, places: 0, shows: 1, earnings_cents: 950_000 },
      { year: 2025, starts: 1, wins: 0, places: 1, shows: 0, earnings_cents: 50_000 },
    ],
    ...patch,
  };
}

function connectionStats(patch: Partial<ConnectionStatsResponse> = {}): ConnectionStatsResponse {
  return {
    id: 3,
    name: 'Ana Ruiz',
    starts: 200,
    wins: 40,
    places: 30,
    shows: 20,
    win_pct: 20,
    itm_pct: 45,
    earnings_cents: 5_000_000,
    avg_speed_figure: 80,
    avg_finish_position: 4.2,
    by_surface: [],
    by_condition: [],
    by_distance: [],
    by_post_position: [],
    style: {} as ConnectionStatsResponse['style'],
    recent: [
      {
        race_id: 90,
        race_name: 'Claiming $12,500',
        race_date: '2026-11-20',
        track_name: 'Victoria Park',
        furlongs: 6,
        surface_type: 'Dirt',
        track_condition: 'Fast',
        horse_id: 12,
        horse_name: 'Night Owl',
        post_position: 4,
        finish_position: 1,
        num_horses: 9,
        finish_time_ms: 71_230,
        speed_figure: 88,
        earnings_cents: 900_000,
      },
    ],
    ...patch,
  };
}

describe('Profiles', () => {
  beforeEach(() => asMember());

  it("should open a horse's page on its connections, form, record and past performances", async () => {
    mockApi({
      '/api/horses/12': () => HORSE,
      '/api/past_performance/horse_id/12': () => pastPerformance(),
    });
    renderRoute('/page-horse/12');
    expect(await screen.findByRole('heading', { name: 'Night Owl' })).toBeInTheDocument();
    expect(screen.getByText(/4-year-old, Bay, colt · by Owl Creek out of Starry/)).toBeInTheDocument();
    const connections = screen.getByRole('region', { name: 'Connections' });
    expect(within(connections).getByRole('link', { name: 'Ana Ruiz' })).toHaveAttribute('href', '/page-jockey/3');
    expect(within(connections).getByRole('link', { name: 'Bob Hale' })).toHaveAttribute('href', '/page-trainer/4');
    expect(within(connections).getByRole('link', { name: 'Gold Stables' })).toHaveAttribute('href', '/page-owner/5');
    // Form reads oldest to newest, the latest start on the right.
    expect(await screen.findByText('2-3-1')).toHaveClass('form-figures');
    expect(screen.getByRole('row', { name: /^Career 3: 1-1-1/ })).toHaveTextContent('$10,000.00');
    expect(screen.getByRole('row', { name: /^2026 2: 1-0-1/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^2025 1: 0-1-0/ })).toBeInTheDocument();
    const pp = within(screen.getByRole('region', { name: 'Past performances' }));
    const rows = pp.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('2026-11-20');
    expect(rows[1]).toHaveTextContent('1 of 9');
    expect(rows[1]).toHaveTextContent('1:11.23');
    const oddsColumn = Array.from((rows[0] as HTMLTableRowElement).cells, (c) => c.textContent).indexOf('Odds');
    expect((rows[1] as HTMLTableRowElement).cells[oddsColumn]?.textContent).toBe('5-2');
    expect((rows[3] as HTMLTableRowElement).cells[oddsColumn]?.textContent).toBe('—');
    expect(pp.getAllByRole('link', { name: 'Victoria Park' })[0]).toHaveAttribute('href', '/page-track/2');
  });

  it('should say a horse that never ran has no starts, and call a six-year-old female a mare', async () => {
    mockApi({
      '/api/horses/12': () => ({ ...HORSE, age: 6, gender: 'female' }),
      '/api/past_performance/horse_id/12': () =>
        pastPerformance({
          starts: 0,
          wins: 0,
          avg_speed_figure_horse: null,
          recent_starts: [],
          career: { year: null, starts: 0, wins: 0, places: 0, shows: 0, earnings_cents: 0 },
          by_year: [],
        }),
    });
    renderRoute('/page-horse/12');
    expect(await screen.findByText('No starts yet: this horse has not run.')).toBeInTheDocument();
    expect(screen.getByText('First start')).toHaveClass('form-figures');
    expect(screen.getByText(/^6-year-old, Bay, mare/)).toBeInTheDocument();
  });

  it("should keep the record's field count and column controls under All fields", async () => {
    mockApi({
      '/api/horses/12': () => HORSE,
      '/api/past_performance/horse_id/12': () => pastPerformance(),
    });
    renderRoute('/page-horse/12');
    fireEvent.click(await screen.findByText(/^All fields \(\d+\)$/));
    const fields = screen.getByLabelText('Fields');
    fireEvent.change(fields, { target: { value: '2' } });
    expect(screen.getByLabelText('Horse name')).toHaveValue('Night Owl');
    expect(screen.queryByLabelText('Age')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Columns')).toBeInTheDocument();
  });

  it("should show a jockey's strike rates and recent rides", async () => {
    const { calls } = mockApi({
      '/api/jockeys/3': () => ({ id: 3, jockey_name: 'Ana Ruiz', earnings_cents: 5_000_000 }),
      '/api/stats/jockeys/3': () => connectionStats(),
    });
    renderRoute('/page-jockey/3');
    const rates = within(await screen.findByRole('region', { name: 'Strike rates' }));
    expect(rates.getByText('Win %').nextSibling).toHaveTextContent('20.0%');
    expect(rates.getByText('In the money %').nextSibling).toHaveTextContent('45.0%');
    expect(rates.getByText('Record (1st-2nd-3rd)').nextSibling).toHaveTextContent('40-30-20');
    const rides = within(screen.getByRole('region', { name: 'Recent rides' }));
    expect(rides.getByRole('link', { name: 'Night Owl' })).toHaveAttribute('href', '/page-horse/12');
    expect(rides.getByText('1 of 9')).toBeInTheDocument();
    expect(calls.some((u) => u.pathname === '/api/stats/jockeys/3')).toBe(true);
  });

  it("should show a trainer's starters from the trainer figures, and a failure plainly", async () => {
    mockApi({
      '/api/trainers/4': () => ({ id: 4, trainer_name: 'Bob Hale' }),
      '/api/stats/trainers/4': () =>
        new Response(JSON.stringify({ statusCode: 503, message: 'Try again' }), { status: 503 }),
    });
    renderRoute('/page-trainer/4');
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again');
  });

  it("should show a trainer's recent starters", async () => {
    mockApi({
      '/api/trainers/4': () => ({ id: 4, trainer_name: 'Bob Hale' }),
      '/api/stats/trainers/4': () => connectionStats({ id: 4, name: 'Bob Hale' }),
    });
    renderRoute('/page-trainer/4');
    expect(await screen.findByRole('region', { name: 'Recent starters' })).toHaveTextContent('Night Owl');
  });

  it("should list an owner's horses, best earners first", async () => {
    const { calls } = mockApi({
      '/api/owners/5': () => ({ id: 5, owner_name: 'Gold Stables' }),
      '/api/horses': () => list([HORSE, { ...HORSE, id: 13, horse_name: 'Blue Moon', earnings_cents: 10_000 }]),
    });
    renderRoute('/page-owner/5');
    const horses = within(await screen.findByRole('region', { name: 'Horses' }));
    expect(await horses.findByRole('link', { name: 'Blue Moon' })).toHaveAttribute('href', '/page-horse/13');
    expect(horses.getByRole('link', { name: 'Night Owl' })).toBeInTheDocument();
    const query = calls.find((u) => u.pathname === '/api/horses');
    expect(query?.searchParams.get('owner_id')).toBe('5');
    expect(query?.searchParams.get('sort')).toBe('earnings_cents');
  });

  it("should show a track's next races and its recent results", async () => {
    const { calls } = mockApi({
      '/api/tracks/1': () => ({ id: 1, track_name: 'Aville Downs', location: 'Aville', daily_races: 3 }),
      '/api/program/tracks/1/card': () => {
        const card = makeCard(1, { races: 3, firstRaceId: 40 });
        card.races[0] = { ...card.races[0], status: 'finished' } as (typeof card.races)[number];
        return card;
      },
      '/api/race_results': () => list([makeResultSummary(40, { race_number: 1 })]),
    });
    renderRoute('/page-track/1');
    const next = within(await screen.findByRole('region', { name: 'Next races' }));
    expect(await next.findByRole('link', { name: 'Race 2' })).toHaveAttribute('href', '/race-card?raceId=41&trackId=1');
    expect(next.getByRole('link', { name: 'Race 3' })).toBeInTheDocument();
    expect(next.queryByRole('link', { name: 'Race 1' })).not.toBeInTheDocument();
    const results = within(screen.getByRole('region', { name: 'Recent results' }));
    expect(await results.findByRole('link', { name: 'Race 1, 2026-11-23' })).toHaveAttribute(
      'href',
      '/race-results?id=40',
    );
    expect(results.getByRole('link', { name: 'Copper Kettle' })).toHaveAttribute('href', '/page-horse/103');
    expect(results.getByText(/paid \$8\.40 to win/)).toBeInTheDocument();
    expect(calls.find((u) => u.pathname === '/api/race_results')?.searchParams.get('track_id')).toBe('1');
  });

  it('should say when a track has no racing left today and no results yet', async () => {
    mockApi({
      '/api/tracks/1': () => ({ id: 1, track_name: 'Aville Downs', location: 'Aville' }),
      '/api/program/tracks/1/card': () => makeCard(1, { race: { status: 'finished' } }),
      '/api/race_results': () => list([]),
    });
    renderRoute('/page-track/1');
    expect(await screen.findByText('No racing left here today.')).toBeInTheDocument();
    expect(await screen.findByText('No results here yet.')).toBeInTheDocument();
  });
});
