import type { RacingDay } from '@furlong/contracts';
import { screen, within } from '@testing-library/react';
import { json, makeBoard, makeBoardTrack } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { VISITOR_SETTINGS_KEY } from '../../../lib/settings';

const day = (patch: Partial<RacingDay> = {}): RacingDay => ({
  date: '2026-11-23',
  races_with_pools: 5,
  handle_cents: 12_345_600,
  house_seed_cents: 2_000_000,
  biggest_payouts: [
    {
      current_race_id: 103,
      race_name: 'Aville Race 3',
      track_name: 'Aville Downs',
      bet_type: 'Trifecta',
      combination: '4-1-7',
      two_dollar_payout_cents: 48_620,
    },
    {
      current_race_id: 201,
      race_name: 'Belmar Race 1',
      track_name: 'Belmar Downs',
      bet_type: 'Win',
      combination: '6',
      two_dollar_payout_cents: 2_440,
    },
  ],
  ...patch,
});

const board = () =>
  makeBoard({
    tracks: [
      // Aville: 3 run, race 4 running, 1 cancelled, 3 left.
      makeBoardTrack(1, 'Aville', {
        races_today: 8,
        races_left: 3,
        cancelled_race_numbers: [6],
        running_race: { id: 104, race_number: 4 },
        next_race: { id: 105, race_number: 5, post_time: '2026-11-23T14:00:00.000Z', status: 'open', mtp: 9 },
      }),
      // Belmar: 2 run, next race 3 at 13:30 UTC.
      makeBoardTrack(2, 'Belmar', {
        races_today: 6,
        races_left: 4,
        next_race: { id: 203, race_number: 3, post_time: '2026-11-23T13:30:00.000Z', status: 'open', mtp: 35 },
      }),
      // No card today: not racing.
      makeBoardTrack(3, 'Cobalt', { races_today: 0, races_left: 0, next_race: null, first_post_time: null }),
    ],
  });

describe('DashboardPage', () => {
  it("should show today's racing at a glance: tracks, races run, handle and the biggest payouts", async () => {
    const { calls } = mockApi({ '/api/next_to_post': board, '/api/racing_day': () => day() });
    renderRoute('/dashboard');
    const cards = await screen.findByLabelText('Today at a glance');
    expect(within(cards).getByText('Tracks racing').nextSibling).toHaveTextContent('2');
    expect(within(cards).getByText('Races run').nextSibling).toHaveTextContent('5of 14 on the cards');
    expect(await within(cards).findByText('$123,456.00')).toBeInTheDocument();
    expect(within(cards).getByText('Biggest payout').nextSibling).toHaveTextContent('$486.20Trifecta, Aville Race 3');

    const payouts = screen.getByRole('table', { name: "The day's biggest prices, per $2 ticket" });
    const rows = within(payouts).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Aville Race 3', 'Trifecta', '4-1-7', '$486.20'],
      ['Belmar Race 1', 'Win', '6', '$24.40'],
    ]);
    expect(within(payouts).getByRole('link', { name: 'Aville Race 3' })).toHaveAttribute(
      'href',
      '/race-results?id=103',
    );

    const tracks = screen.getByRole('table', { name: 'Every track racing today' });
    expect(within(tracks).getAllByRole('row')).toHaveLength(3);
    expect(within(tracks).getByRole('link', { name: 'Race 4 running' })).toHaveAttribute('href', '/race/104');
    // The money is the day most tracks are on.
    expect(calls.find((u) => u.pathname === '/api/racing_day')?.searchParams.get('date')).toBe('2026-11-23');
  });

  it("should show times in a visitor's chosen time zone", async () => {
    localStorage.setItem(
      VISITOR_SETTINGS_KEY,
      JSON.stringify({
        time_zone: 'America/Los_Angeles',
        odds_format: 'fractional',
        default_bet_amount_cents: 200,
        notify_own_horse_running: true,
        notify_own_bet_results: true,
      }),
    );
    mockApi({ '/api/next_to_post': board, '/api/racing_day': () => day() });
    renderRoute('/dashboard');
    const tracks = await screen.findByRole('table', { name: 'Every track racing today' });
    const la = formatTimeOfDay('2026-11-23T13:30:00.000Z', { timeZone: 'America/Los_Angeles' });
    expect(la).toBe('5:30 AM PST');
    expect(within(tracks).getByText(la)).toBeInTheDocument();
  });

  it('should say when no track is racing, and when no pool has paid yet', async () => {
    mockApi({ '/api/next_to_post': () => makeBoard(), '/api/racing_day': () => day() });
    const first = renderRoute('/dashboard');
    expect(await screen.findByText('No track is racing today.')).toBeInTheDocument();
    first.unmount();

    mockApi({ '/api/next_to_post': board, '/api/racing_day': () => day({ biggest_payouts: [], handle_cents: 0 }) });
    renderRoute('/dashboard');
    expect(await screen.findByText('No pool has paid yet today.')).toBeInTheDocument();
  });

  it('should say so when the board cannot be loaded', async () => {
    mockApi({ '/api/next_to_post': () => json(503, { statusCode: 503, message: 'Service unavailable' }) });
    renderRoute('/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent("Today's racing could not be loaded.");
  });
});
