import { fireEvent, screen } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeDashboard, makeStableHorse, sentBody } from '../test-fixtures';

const HORSE = makeStableHorse(3, { horse_name: 'Busy Bee', shoe: 'aluminum', gear: ['blinkers'] });

describe('Care pages', () => {
  beforeEach(() => asMember());

  it('should train the horse from ?horseId= and show the result and the new balance', async () => {
    const trained = makeStableHorse(3, {
      horse_name: 'Busy Bee',
      condition: { ...HORSE.condition, fatigue: 25, speed_gain: 0, stamina_gain: 0.024 },
    });
    const { fetchMock } = mockApi({
      '/api/stable/horses/3/training': () =>
        json(200, { horse: trained, cost_cents: 5000, balance_cents: 95_000, message: 'Busy Bee did long gallops.' }),
      '/api/stable': () => makeDashboard({ horses: [HORSE] }),
    });
    renderRoute('/horse-training?horseId=3');
    expect(await screen.findByRole('heading', { name: 'Busy Bee' })).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Fatigue' })).toHaveAttribute('value', '10');
    expect(screen.getByText(/Diminishing returns/)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: /Long gallops/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Train ($50.00)' }));

    expect(await screen.findByRole('status', { name: '' })).toHaveTextContent(
      'Busy Bee did long gallops. Cost $50.00; your balance is now $950.00.',
    );
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/training'));
    expect(post?.[1]?.method).toBe('POST');
    expect(sentBody(post?.[1])).toEqual({ regimen: 'stamina' });
  });

  it('should send the new gear with the shoes kept as they are', async () => {
    const { fetchMock } = mockApi({
      '/api/stable/horses/3/equipment': () =>
        json(200, { horse: HORSE, cost_cents: 500, balance_cents: 99_500, message: 'Gear saved.' }),
      '/api/stable': () => makeDashboard({ horses: [HORSE] }),
    });
    renderRoute('/gear?horseId=3');
    const earplugs = await screen.findByRole('checkbox', { name: /Earplugs/ });
    expect(screen.getByRole('checkbox', { name: /Blinkers/ })).toBeChecked();
    fireEvent.click(earplugs);
    fireEvent.click(screen.getByRole('button', { name: 'Save gear ($5.00)' }));
    expect(await screen.findByText(/Gear saved\./)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/equipment'));
    expect(put?.[1]?.method).toBe('PUT');
    expect(sentBody(put?.[1])).toEqual({ shoe: 'aluminum', gear: ['blinkers', 'earplugs'] });
  });

  it("should show the server's reason when a treatment is refused", async () => {
    mockApi({
      '/api/stable/horses/3/medical': () => json(409, { statusCode: 409, message: 'Your wallet is short.' }),
      '/api/stable': () => makeDashboard({ horses: [HORSE] }),
    });
    renderRoute('/medical?horseId=3');
    fireEvent.click(await screen.findByRole('radio', { name: /Therapy/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Therapy ($150.00)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not treat Busy Bee (Your wallet is short.)');
  });

  it('should ask for a horse when none is chosen, and say so when there are none', async () => {
    mockApi({ '/api/stable': () => makeDashboard({ horses: [HORSE] }) });
    const first = renderRoute('/shoeing');
    expect(await screen.findByText('Choose one of your horses.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Horse'), { target: { value: '3' } });
    expect(await screen.findByRole('radio', { name: /Mud calks/ })).toBeInTheDocument();
    expect(first.router.state.location.search).toBe('?horseId=3');
    first.unmount();

    mockApi({ '/api/stable': () => makeDashboard() });
    renderRoute('/shoeing');
    expect(await screen.findByRole('link', { name: 'Create a horse' })).toHaveAttribute('href', '/create-horse');
  });
});
