import type { PlaceBetsRequest } from '@furlong/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, makeCard, makeRaceDetail } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

describe('MultiRaceBetPage', () => {
  beforeEach(() => asMember());

  it('should submit a Daily Double over two races with a horse in each', async () => {
    const posted: PlaceBetsRequest[] = [];
    mockApi({
      '/api/program/tracks/1/card': () => makeCard(1, { races: 4 }),
      '/api/current_races/2': () => makeRaceDetail(2),
      '/api/current_races/3': () => makeRaceDetail(3),
      '/api/bets': (_url, init) => {
        posted.push(JSON.parse(String(init?.body)) as PlaceBetsRequest);
        return json(201, { idempotency_key: 'k', bets: [{}], total_cents: 400, balance_cents: 99_600 });
      },
    });
    const { router } = renderRoute('/multi-race-bet?trackId=1');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Aville Race 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bet' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Aville Race 2' }));
    fireEvent.change(await screen.findByLabelText('Horse in Aville Race 2'), { target: { value: '4' } });
    fireEvent.change(await screen.findByLabelText('Horse in Aville Race 3'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bet' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation'));
    expect(posted[0]?.bets).toEqual([
      { bet_type: 'Daily Double', race_ids: [2, 3], amount_cents: 400, selections: [[4], [1]], box: false },
    ]);
  });

  it('should refuse the wrong number of races with the spec message', async () => {
    mockApi({
      '/api/program/tracks/1/card': () => makeCard(1, { races: 4 }),
      '/api/current_races/1': () => makeRaceDetail(1),
    });
    renderRoute('/multi-race-bet?trackId=1');
    fireEvent.change(await screen.findByLabelText('Bet type'), { target: { value: 'Pick 3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Aville Race 1' }));
    await screen.findByLabelText('Horse in Aville Race 1');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Bet' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select exactly 3 races for the Pick 3 bet type.');
  });
});
