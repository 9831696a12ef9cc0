import { act, fireEvent, screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { STABLE_REFRESH_MS } from '../api/stable-dashboard';
import { makeDashboard, makeEntry, makeStableHorse } from '../test-fixtures';
import { STABLE_MESSAGES } from './stable-messages';

describe('UserDashboardPage', () => {
  beforeEach(() => asMember());
  afterEach(() => jest.useRealTimers());

  it('should list the horses with their condition, the entries by state and the notices', async () => {
    const upcoming = makeEntry(1, { race_number: 3 });
    const running = makeEntry(2, { horse_id: 2, horse_name: 'Second Wind', race_number: 1, race_status: 'running' });
    const resulted = makeEntry(3, {
      race_number: 2,
      race_status: 'finished',
      finish_position: 2,
      purse_cents: 340_000,
    });
    mockApi({
      '/api/stable': () =>
        makeDashboard({
          horses: [
            makeStableHorse(1, { next_entry: upcoming }),
            makeStableHorse(2, {
              horse_name: 'Second Wind',
              condition: {
                ...makeStableHorse(2).condition,
                fatigue: 85,
                fit_to_race: false,
                unfit_reason: 'too tired',
              },
            }),
          ],
          entries: [running, upcoming, resulted],
          money: { spent_cents: 12_500, won_cents: 340_000 },
          notices: [
            {
              id: 5,
              kind: 'result',
              message: 'Stable Star 1 finished 2nd and won $3,400.00.',
              current_race_id: 43,
              at: '2026-11-23T14:00:00.000Z',
            },
          ],
        }),
    });
    renderRoute('/user-dashboard');

    const star = await screen.findByRole('article', { name: 'Stable Star 1' });
    expect(within(star).getByText(/Form: 5 starts: 2-1-1/)).toBeInTheDocument();
    expect(within(star).getByRole('link', { name: 'Past performances of Stable Star 1' })).toHaveAttribute(
      'href',
      '/page-horse/1',
    );
    expect(within(star).getByRole('link', { name: 'Aville Downs race 3' })).toHaveAttribute(
      'href',
      '/race-card?raceId=41',
    );
    expect(within(star).getByRole('meter', { name: 'Fatigue' })).toHaveAttribute('value', '10');
    expect(within(star).getByRole('link', { name: 'Train Stable Star 1' })).toHaveAttribute(
      'href',
      '/horse-training?horseId=1',
    );
    const tired = screen.getByRole('article', { name: 'Second Wind' });
    expect(within(tired).getByText('Not fit to race: too tired.')).toBeInTheDocument();

    // A running race links to its live screen; a resulted one shows the finish and the purse.
    const live = within(screen.getByRole('table', { name: 'Running now' }));
    expect(live.getByRole('link', { name: /Aville Downs race 1/ })).toHaveAttribute('href', '/race/42');
    const results = within(screen.getByRole('table', { name: 'Results' })).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(results)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.stringContaining('Aville Downs race 2'), expect.any(String), '4', '2nd', '$25.00', '$3,400.00']);
    expect(screen.getByRole('table', { name: 'Upcoming' })).toBeInTheDocument();

    const figures = within(screen.getByLabelText('Your stable in figures'));
    expect(figures.getByText('$125.00')).toBeInTheDocument();
    expect(figures.getByText('$3,400.00')).toBeInTheDocument();
    expect(screen.getByText('Stable Star 1 finished 2nd and won $3,400.00.')).toBeInTheDocument();
  });

  it('should show the empty state with a link to create a horse', async () => {
    mockApi({ '/api/stable': () => makeDashboard() });
    renderRoute('/user-dashboard');
    expect(await screen.findByText(STABLE_MESSAGES.noHorses, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your first horse' })).toHaveAttribute('href', '/create-horse');
    expect(screen.getByText(/No entries yet/)).toBeInTheDocument();
    expect(screen.getByText(/No notices yet/)).toBeInTheDocument();
  });

  it('should say when the stable cannot be loaded', async () => {
    mockApi({
      '/api/stable': () => new Response(JSON.stringify({ statusCode: 500, message: 'Database down' }), { status: 500 }),
    });
    renderRoute('/user-dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent(`${STABLE_MESSAGES.stableFailed} (Database down)`);
  });

  it('should look again every 15 seconds, so new notices show', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let notices = 0;
    const { calls } = mockApi({
      '/api/stable': () => {
        notices += 1;
        return makeDashboard({
          notices: Array.from({ length: notices }, (_, i) => ({
            id: i + 1,
            kind: 'entered' as const,
            message: `Notice ${i + 1}`,
            current_race_id: null,
            at: '2026-11-23T14:00:00.000Z',
          })),
        });
      },
    });
    renderRoute('/user-dashboard');
    expect(await screen.findByText('Notice 1')).toBeInTheDocument();
    expect(screen.queryByText('Notice 2')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(STABLE_REFRESH_MS);
    });
    expect(await screen.findByText('Notice 2')).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname === '/api/stable').length).toBeGreaterThanOrEqual(2);
  });

  it('should withdraw an upcoming entry and show it refunded, with no Withdraw for a race that opened', async () => {
    let upcoming = makeEntry(1, { race_number: 3 });
    const open = makeEntry(2, { horse_id: 2, horse_name: 'Second Wind', race_number: 4, race_status: 'open' });
    let withdrawn = 0;
    mockApi({
      '/api/stable': () => makeDashboard({ entries: [upcoming, open] }),
      '/api/stable/entries/1': (_url, init) => {
        if (init?.method !== 'DELETE') throw new Error('DELETE expected');
        withdrawn += 1;
        upcoming = { ...upcoming, refunded: true };
        return { entry: upcoming, balance_cents: 100_000 };
      },
    });
    renderRoute('/user-dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw Stable Star 1 from Aville Downs race 3' }));
    expect(await screen.findByText('Scratched, fee refunded')).toBeInTheDocument();
    expect(withdrawn).toBe(1);
    expect(screen.queryByRole('button', { name: /Withdraw Second Wind/ })).toBeNull();
  });
});
