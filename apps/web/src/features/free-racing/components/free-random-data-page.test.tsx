import { act, fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { mockApi, renderRoute, resetMember } from '../../../../test/render';
import { emptyRandomData, RANDOM_DATA_KEY, readRandomData, useRandomData } from '../hooks/random-data-store';

const NAMES: Record<string, string> = {
  horses: 'horse_name',
  jockeys: 'jockey_name',
  trainers: 'trainer_name',
  owners: 'owner_name',
  tracks: 'track_name',
};

describe('the free random data page', () => {
  beforeEach(() => {
    resetMember();
    sessionStorage.clear();
    act(() => useRandomData.setState({ data: emptyRandomData() }));
  });

  it('should start with six empty lists, fetch five kinds, and keep the whole collection in session storage', async () => {
    let round = 0;
    const { calls } = mockApi({
      '/api/random-records/': (url) => {
        const [, , , kind, count] = url.pathname.split('/');
        return Array.from({ length: Number(count) }, (_, i) => ({
          id: round * 10 + i + 1,
          [NAMES[kind as string] as string]: `${kind} ${round}-${i + 1}`,
        }));
      },
    });
    renderRoute('/free-random-data');
    await screen.findByRole('heading', { name: 'Free Random Data' });
    for (const name of ['Horses (0)', 'Jockeys (0)', 'Trainers (0)', 'Owners (0)', 'Tracks (0)', 'Races (0)']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    fireEvent.change(screen.getByLabelText('Records per list'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch random data' }));
    const horses = await screen.findByRole('region', { name: 'Horses (2)' });
    expect(within(horses).getByRole('link', { name: 'horses 0-1' })).toHaveAttribute('href', '/page-horse/1');
    expect(calls.map((u) => u.pathname).sort()).toEqual([
      '/api/random-records/horses/2',
      '/api/random-records/jockeys/2',
      '/api/random-records/owners/2',
      '/api/random-records/tracks/2',
      '/api/random-records/trainers/2',
    ]);
    expect(readRandomData().tracks).toEqual([
      { id: 1, track_name: 'tracks 0-1' },
      { id: 2, track_name: 'tracks 0-2' },
    ]);

    // A second fetch replaces every list as a whole.
    round = 1;
    fireEvent.change(screen.getByLabelText('Records per list'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Fetch random data' }));
    expect(await screen.findByRole('region', { name: 'Horses (1)' })).toHaveTextContent('horses 1-1');
    expect(JSON.parse(sessionStorage.getItem(RANDOM_DATA_KEY) ?? '{}').horses).toEqual([
      { id: 11, horse_name: 'horses 1-1' },
    ]);
  });

  it('should read the tab’s stored collection, tolerate a broken one, and refuse a bad count', async () => {
    sessionStorage.setItem(RANDOM_DATA_KEY, JSON.stringify({ owners: [{ id: 4, owner_name: 'Kept Owner' }] }));
    expect(readRandomData().owners).toEqual([{ id: 4, owner_name: 'Kept Owner' }]);
    sessionStorage.setItem(RANDOM_DATA_KEY, '{not json');
    expect(readRandomData()).toEqual(emptyRandomData());

    mockApi({});
    renderRoute('/free-random-data');
    fireEvent.change(await screen.findByLabelText('Records per list'), { target: { value: '500' } });
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 100.');
    expect(screen.getByRole('button', { name: 'Fetch random data' })).toBeDisabled();
  });

  it('should show the server’s error and keep the lists as they were', async () => {
    act(() => useRandomData.getState().replace({ ...emptyRandomData(), horses: [{ id: 9, horse_name: 'Old Horse' }] }));
    mockApi({ '/api/random-records/': () => json(503, { statusCode: 503, message: 'Catalog unavailable' }) });
    renderRoute('/free-random-data');
    fireEvent.click(await screen.findByRole('button', { name: 'Fetch random data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Catalog unavailable');
    expect(screen.getByRole('link', { name: 'Old Horse' })).toBeInTheDocument();
  });
});
