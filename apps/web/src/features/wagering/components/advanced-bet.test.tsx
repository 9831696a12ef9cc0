import { IDEMPOTENCY_HEADER, type PlaceBetsRequest } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeCard, makeRaceDetail } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useRaceContext } from '../../../lib/race-context';

describe('AdvancedBetTracksPage', () => {
  beforeEach(() => {
    asMember();
    useRaceContext.getState().clear();
  });

  it('should move on only with exactly as many races as the bet type has legs', async () => {
    mockApi({ '/api/program/tracks/1/card': () => makeCard(1, { races: 6 }) });
    const { router } = renderRoute('/advanced-bet-tracks?trackId=1');
    await screen.findByRole('table', { name: "Today's races" });
    fireEvent.change(screen.getByLabelText('Bet type'), { target: { value: 'Pick 3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Aville Race 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Aville Race 2' }));

    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Advanced Bets' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select exactly 3 races for the Pick 3 bet type.');
    expect(router.state.location.pathname).toBe('/advanced-bet-tracks');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Aville Race 3' }));
    // Ticking again clears the message about the earlier count.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Advanced Bets' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/advanced-bet-races'));
    expect(router.state.location.state).toMatchObject({ selectedBet: 'Pick 3', trackName: 'Aville Downs' });
  });

  it('should say so when no track is known', async () => {
    mockApi({});
    renderRoute('/advanced-bet-tracks');
    expect(await screen.findByText('No track name provided.')).toBeInTheDocument();
  });
});

describe('AdvancedBetRacesPage', () => {
  beforeEach(() => asMember());

  it('should finalize a Daily Double with one horse per race and confirm it', async () => {
    const posted: { body: PlaceBetsRequest; key: string | null }[] = [];
    mockApi({
      '/api/current_races/1': () => makeRaceDetail(1),
      '/api/current_races/2': () => makeRaceDetail(2),
      '/api/bets': (_url, init) => {
        posted.push({
          body: JSON.parse(String(init?.body)) as PlaceBetsRequest,
          key: new Headers(init?.headers).get(IDEMPOTENCY_HEADER),
        });
        return json(201, { idempotency_key: 'k', bets: [{}], total_cents: 600, balance_cents: 99_400 });
      },
    });
    const { router } = renderRoute('/advanced-bet-tracks');
    const card = makeCard(1, { races: 2 });
    await act(() =>
      router.navigate('/advanced-bet-races', {
        state: { selectedRaces: card.races, trackName: 'Aville Downs', trackId: 1, selectedBet: 'Daily Double' },
      }),
    );

    await screen.findByRole('region', { name: 'Leg 2: Aville Race 2' });
    fireEvent.change(screen.getByLabelText('Bet amount per race ($)'), { target: { value: '3' } });
    expect(screen.getByTestId('advanced-total')).toHaveTextContent('$6.00');

    fireEvent.click(screen.getByRole('button', { name: 'Finalize Bet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select one horse per race.');

    fireEvent.click(screen.getByRole('radio', { name: 'Pick Blue Moon in Aville Race 1' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pick Red Baron in Aville Race 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalize Bet' }));

    expect(await screen.findByText('Bet finalized successfully!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/confirmation');
    expect(posted).toHaveLength(1);
    expect(posted[0]?.key).toBeTruthy();
    expect(posted[0]?.body.bets).toEqual([
      { bet_type: 'Daily Double', race_ids: [1, 2], amount_cents: 600, selections: [[3], [2]], box: false },
    ]);
    const races = screen.getByRole('table', { name: 'Races' });
    expect(within(races).getByText('Blue Moon')).toBeInTheDocument();
    expect(within(races).getByText('Red Baron')).toBeInTheDocument();
  });

  it('should show each runner on its saddle cloth with its morning line, and open a horse detail modal from its cell', async () => {
    mockApi({ '/api/current_races/1': () => makeRaceDetail(1), '/api/current_races/2': () => makeRaceDetail(2) });
    const { router } = renderRoute('/advanced-bet-tracks');
    await act(() =>
      router.navigate('/advanced-bet-races', {
        state: {
          selectedRaces: makeCard(1, { races: 2 }).races,
          trackName: 'Aville Downs',
          trackId: 1,
          selectedBet: 'Daily Double',
        },
      }),
    );
    const leg = await screen.findByRole('region', { name: 'Leg 1: Aville Race 1' });
    // Each runner on its saddle cloth with its morning line (issue 15).
    const row = within(leg)
      .getByRole('radio', { name: 'Pick Gold Rush in Aville Race 1' })
      .closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Number 5')).toHaveTextContent('5');
    expect(within(row).getByText('10-1')).toBeInTheDocument();
    fireEvent.click(within(leg).getByRole('button', { name: 'Gold Rush' }));
    const dialog = screen.getByRole('dialog', { name: 'Gold Rush' });
    expect(within(dialog).getByText('Jockey 5')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('should say finalizing failed when the server refuses', async () => {
    mockApi({
      '/api/current_races/1': () => makeRaceDetail(1),
      '/api/current_races/2': () => makeRaceDetail(2),
      '/api/bets': () =>
        json(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'Betting is closed for this race',
          reason: 'betting_closed',
        }),
    });
    const { router } = renderRoute('/advanced-bet-tracks');
    await act(() =>
      router.navigate('/advanced-bet-races', {
        state: {
          selectedRaces: makeCard(1, { races: 2 }).races,
          trackName: 'Aville Downs',
          trackId: 1,
          selectedBet: 'Daily Double',
        },
      }),
    );
    await screen.findByRole('region', { name: 'Leg 2: Aville Race 2' });
    fireEvent.click(screen.getByRole('radio', { name: 'Pick Blue Moon in Aville Race 1' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pick Red Baron in Aville Race 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Finalize Bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error finalizing bet. Please try again. Betting is closed for this race.',
    );
  });
});
