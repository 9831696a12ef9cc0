import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeDashboard, makeEnterableRace, makeEntry, makeStableHorse, sentBody } from '../test-fixtures';
import { STABLE_MESSAGES } from './stable-messages';

const RACES = {
  items: [makeEnterableRace(11), makeEnterableRace(12, { free_slots: 1, purse_cents: 2_000_000 })],
  entry_fee_cents: 2500,
};
const STABLE = makeDashboard({ horses: [makeStableHorse(1), makeStableHorse(2, { horse_name: 'Second Wind' })] });

const select = (name: string) => screen.getByLabelText(name) as HTMLSelectElement;

describe('EnterRacePage', () => {
  beforeEach(() => asMember());

  it('should post the chosen race and horse and say the horse is entered', async () => {
    const { fetchMock } = mockApi({
      '/api/stable/races': () => RACES,
      '/api/stable/entries': () =>
        json(201, {
          entry: makeEntry(7, {
            horse_id: 2,
            horse_name: 'Second Wind',
            current_race_id: 12,
            race_number: 2,
            post_position: 8,
          }),
          balance_cents: 97_500,
        }),
      '/api/stable': () => STABLE,
    });
    renderRoute('/enter-race');
    await screen.findByRole('option', { name: /Race 2/ });
    expect(screen.getByText('$25.00')).toBeInTheDocument();

    fireEvent.change(select('Race'), { target: { value: '12' } });
    const chosen = within(screen.getByLabelText('Chosen race'));
    expect(chosen.getByText('1 (7 entered)')).toBeInTheDocument();
    fireEvent.change(select('Horse'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter Race' }));

    expect(await screen.findByText(/Second Wind is entered in Aville Downs race 2 from post 8/)).toHaveTextContent(
      'your balance is $975.00',
    );
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/stable/entries'));
    expect(post?.[1]?.method).toBe('POST');
    expect(sentBody(post?.[1])).toEqual({ horse_id: 2, current_race_id: 12 });
  });

  it("should show 'Error adding horse to current race' with the server's reason on a 409", async () => {
    mockApi({
      '/api/stable/races': () => RACES,
      '/api/stable/entries': () => json(409, { statusCode: 409, message: 'The race is full.' }),
      '/api/stable': () => STABLE,
    });
    renderRoute('/enter-race?raceId=11&horseId=1');
    await screen.findByRole('option', { name: /Race 2/ });
    // Both preselected from the query.
    expect(select('Race').value).toBe('11');
    expect(select('Horse').value).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Enter Race' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${STABLE_MESSAGES.enterFailed} (The race is full.)`);
  });

  it('should require a race and a horse before posting', async () => {
    const { calls } = mockApi({ '/api/stable/races': () => RACES, '/api/stable': () => STABLE });
    renderRoute('/enter-race');
    await screen.findByRole('option', { name: /Race 2/ });
    fireEvent.click(screen.getByRole('button', { name: 'Enter Race' }));
    expect(select('Race')).toHaveAccessibleDescription('Choose a race.');
    expect(select('Horse')).toHaveAccessibleDescription('Choose a horse.');
    expect(calls.some((u) => u.pathname === '/api/stable/entries')).toBe(false);
  });

  it('should point a user without horses at creating one', async () => {
    mockApi({ '/api/stable/races': () => RACES, '/api/stable': () => makeDashboard() });
    renderRoute('/enter-race');
    expect(await screen.findByRole('link', { name: 'create a horse' })).toHaveAttribute('href', '/create-horse');
  });
});
