import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, list } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeStableHorse, sentBody } from '../test-fixtures';
import { STABLE_MESSAGES } from './stable-messages';

const BREEDS = [
  { id: 1, breed_name: 'Arabian' },
  { id: 2, breed_name: 'Thoroughbred' },
];

/** A date `years` years and a few days before today, in the viewer's calendar (YYYY-MM-DD). */
function yearsAgo(years: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - 3);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLSelectElement;

async function fillIn(dob: string) {
  await screen.findByRole('option', { name: 'Thoroughbred' });
  fireEvent.change(field('Name'), { target: { value: 'Night Runner' } });
  fireEvent.change(field('Breed'), { target: { value: '2' } });
  fireEvent.change(field('Colour'), { target: { value: 'chestnut' } });
  fireEvent.change(field('Date of birth'), { target: { value: dob } });
  fireEvent.change(field('Gender'), { target: { value: 'female' } });
  fireEvent.change(field('Height'), { target: { value: '17' } });
  fireEvent.change(field('Sire'), { target: { value: 'Storm Cat' } });
  fireEvent.change(field('Dam'), { target: { value: 'Sea Breeze' } });
  fireEvent.change(field('Breeder'), { target: { value: 'Green Acres' } });
}

describe('CreateHorsePage', () => {
  beforeEach(() => asMember());

  it('should set the default weight for the chosen height and show the age in whole years', async () => {
    mockApi({ '/api/breeds': () => list(BREEDS) });
    renderRoute('/create-horse');
    await screen.findByRole('option', { name: 'Thoroughbred' });
    expect(field('Weight').value).toBe('');

    fireEvent.change(field('Height'), { target: { value: '14' } });
    expect(field('Weight').value).toBe('500');
    fireEvent.change(field('Height'), { target: { value: '18' } });
    expect(field('Weight').value).toBe('1800');
    // The weight can still be set by hand after the default.
    fireEvent.change(field('Weight'), { target: { value: '1725' } });
    expect(field('Weight').value).toBe('1725');

    expect(field('Age')).toHaveAttribute('readonly');
    fireEvent.change(field('Date of birth'), { target: { value: yearsAgo(3) } });
    expect(field('Age').value).toBe('3 years');
  });

  it('should post the horse and show the success message with its drawn rating and record', async () => {
    const created = makeStableHorse(9, {
      horse_name: 'Night Runner',
      gender: 'female',
      rating: 91.2,
      record: {
        starts: 0,
        wins: 0,
        places: 0,
        shows: 0,
        earnings_cents: 0,
        highest_earning_cents: 0,
        tracks_raced: [],
      },
    });
    const { fetchMock } = mockApi({
      '/api/breeds': () => list(BREEDS),
      '/api/stable/horses': () => json(201, created),
    });
    renderRoute('/create-horse-page');
    const dob = yearsAgo(2);
    await fillIn(dob);
    fireEvent.click(screen.getByRole('button', { name: 'Create Horse' }));

    expect(await screen.findByText(STABLE_MESSAGES.created)).toHaveAttribute('role', 'status');
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/stable/horses'));
    expect(post?.[1]?.method).toBe('POST');
    expect(sentBody(post?.[1])).toEqual({
      horse_name: 'Night Runner',
      breed_id: 2,
      color: 'chestnut',
      dob,
      gender: 'female',
      height_hands: 17,
      weight_lbs: 1200,
      sire: 'Storm Cat',
      dam: 'Sea Breeze',
      breeder: 'Green Acres',
      jockey_id: null,
      trainer_id: null,
      owner_id: null,
    });
    const card = screen.getByRole('article', { name: 'Night Runner' });
    const value = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(value('Rating')).toBe('91.2');
    expect(value('Races')).toBe('0');
    expect(value('Earnings')).toBe('$0.00');
    expect(value('Tracks raced')).toBe('None yet');
  });

  it("should show 'Error creating horse' and each field's problem from a 400 next to its field", async () => {
    mockApi({
      '/api/breeds': () => list(BREEDS),
      '/api/stable/horses': () =>
        json(400, {
          statusCode: 400,
          message: 'Some fields are wrong',
          errors: [
            { field: 'horse_name', reason: 'is taken' },
            { field: 'breeder', reason: 'must be at most 80 characters' },
          ],
        }),
    });
    renderRoute('/create-horse');
    await fillIn(yearsAgo(4));
    fireEvent.click(screen.getByRole('button', { name: 'Create Horse' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `${STABLE_MESSAGES.createFailed} (Some fields are wrong)`,
    );
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Name')).toHaveAccessibleDescription('Name is taken');
    expect(field('Breeder')).toHaveAccessibleDescription('Breeder must be at most 80 characters');
    expect(field('Sire')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(STABLE_MESSAGES.created)).not.toBeInTheDocument();
  });

  it('should not post a form with required fields missing, and say which', async () => {
    const { calls } = mockApi({ '/api/breeds': () => list(BREEDS) });
    renderRoute('/create-horse');
    await screen.findByRole('option', { name: 'Thoroughbred' });
    fireEvent.click(screen.getByRole('button', { name: 'Create Horse' }));
    await waitFor(() => expect(field('Breeder')).toHaveAccessibleDescription('Breeder is required'));
    expect(field('Weight')).toHaveAccessibleDescription('Weight is required');
    expect(calls.some((u) => u.pathname === '/api/stable/horses')).toBe(false);
  });
});
