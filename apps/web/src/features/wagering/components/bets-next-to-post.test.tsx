import { screen, within } from '@testing-library/react';
import { makeBoard, makeBoardRace, makeRaceDetail, makeTote } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useRaceContext } from '../../../lib/race-context';

// The bets screen's next-to-post block: where to bet next, with or without a race in hand.
describe('BetsPage next to post', () => {
  beforeEach(() => {
    asMember();
    useRaceContext.getState().clear();
  });

  const board = () =>
    makeBoard({ races: [makeBoardRace(31, { track_id: 2, track_name: 'Bton Park', race_number: 6 })] });

  it('should offer the races next to post, to the race card, when no race is picked', async () => {
    mockApi({ '/api/next_to_post': board });
    renderRoute('/bets');
    const next = await screen.findByRole('region', { name: 'Next to post' });
    const link = await within(next).findByRole('link', { name: 'Bton Park · Race 6' });
    expect(link).toHaveAttribute('href', '/race-card?raceId=31&trackId=2');
    expect(within(next).getByRole('timer')).toHaveTextContent(/^(\d+ MTP|At post)$/);
  });

  it('should show them under the slip while betting on a race', async () => {
    mockApi({
      '/api/current_races/7': () => makeRaceDetail(7),
      // The slip's runners show live odds from the race's tote.
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/next_to_post': board,
    });
    renderRoute('/bets?raceId=7');
    await screen.findByRole('heading', { name: 'Bets — Aville Race 7' });
    const next = await screen.findByRole('region', { name: 'Next to post' });
    expect(await within(next).findByRole('link', { name: 'Bton Park · Race 6' })).toBeInTheDocument();
  });
});
