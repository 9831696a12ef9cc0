import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeDashboard, makeStableHorse, sentBody } from '../test-fixtures';

const MARE = makeStableHorse(1, { horse_name: 'Lady Grey', gender: 'female', age: 5 });
const STALLION = makeStableHorse(2, { horse_name: 'Big Red', gender: 'male', age: 6 });
const BREEDINGS = {
  breedings: [
    {
      id: 4,
      sire_id: 2,
      sire_name: 'Big Red',
      dam_id: 9,
      dam_name: 'Old Flame',
      foal_name: 'Little Red',
      fee_cents: 0,
      due_at: '2026-11-25T12:00:00.000Z',
      foal_id: 30,
      created_at: '2026-11-22T12:00:00.000Z',
    },
  ],
  studs: [
    {
      horse_id: 50,
      horse_name: 'Sea King',
      breed_name: 'Arabian',
      age: 9,
      fee_cents: 75_000,
      owner_is_you: false,
      rating: 92.1,
    },
  ],
  gestation_hours: 72,
};

describe('BreedingPage', () => {
  beforeEach(() => asMember());

  it('should breed a mare to a stallion at stud and show the contract with its fee', async () => {
    const { fetchMock } = mockApi({
      '/api/stable/breedings': (_url, init) =>
        init?.method === 'POST'
          ? json(201, {
              breeding: {
                ...BREEDINGS.breedings[0],
                id: 5,
                sire_id: 50,
                sire_name: 'Sea King',
                dam_id: 1,
                dam_name: 'Lady Grey',
                foal_name: 'Sea Mist',
                fee_cents: 75_000,
                foal_id: null,
              },
              balance_cents: 25_000,
            })
          : BREEDINGS,
      '/api/stable': () => makeDashboard({ horses: [MARE, STALLION] }),
    });
    renderRoute('/breeding');
    const contracts = await screen.findByRole('table', { name: 'Your breeding contracts' });
    expect(within(contracts).getByRole('link', { name: 'Born — in your stable' })).toBeInTheDocument();
    expect(screen.getByText('$750.00')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Breed a mare' }));
    fireEvent.change(form.getByLabelText('Mare'), { target: { value: '1' } });
    fireEvent.change(form.getByLabelText('Stallion'), { target: { value: '50' } });
    expect(form.getByText(/Stud fee: \$750\.00/)).toBeInTheDocument();
    fireEvent.change(form.getByLabelText('Foal name'), { target: { value: 'Sea Mist' } });
    fireEvent.click(form.getByRole('button', { name: 'Breed' }));

    expect(await form.findByRole('status')).toHaveTextContent(
      /Lady Grey is in foal to Sea King: Sea Mist is due .*Fee \$750\.00; your balance is \$250\.00\./,
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(sentBody(post?.[1])).toEqual({ dam_id: 1, sire_id: 50, foal_name: 'Sea Mist' });
  });

  it('should stand my stallion at stud for a fee in cents', async () => {
    const { fetchMock } = mockApi({
      '/api/stable/horses/2/stud': () => json(200, { ...STALLION, stud_fee_cents: 120_050 }),
      '/api/stable/breedings': () => BREEDINGS,
      '/api/stable': () => makeDashboard({ horses: [MARE, STALLION] }),
    });
    renderRoute('/breeding');
    const form = within(await screen.findByRole('form', { name: 'Stud fee of Big Red' }));
    fireEvent.change(form.getByRole('textbox'), { target: { value: '1,200.50' } });
    fireEvent.click(form.getByRole('button', { name: 'Stand at stud' }));
    expect(await form.findByRole('status')).toHaveTextContent('Big Red stands at stud for $1,200.50.');
    const put = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/stud'));
    expect(put?.[1]?.method).toBe('PUT');
    expect(sentBody(put?.[1])).toEqual({ fee_cents: 120_050 });
  });
});
