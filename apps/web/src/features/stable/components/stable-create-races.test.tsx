import type { CreatedRaceView } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const race = (id: number, name: string): CreatedRaceView => ({
  id,
  race_name: name,
  track_id: 1,
  track_name: 'Aville Downs',
  created_at: '2026-11-23T12:00:00.000Z',
  scheduled_race_id: null,
  entries: Array.from({ length: 6 }, (_, i) => ({
    post_position: i + 1,
    horse_id: 100 + i,
    horse_name: `Runner ${i + 1}`,
    jockey: `Jockey ${i + 1}`,
    trainer: `Trainer ${i + 1}`,
    owner: `Owner ${i + 1}`,
  })),
});

describe('CreateRacesPage', () => {
  beforeEach(() => asMember());

  it('should generate a race and list the races with their entries', async () => {
    let items = [race(1, 'The First Stakes')];
    mockApi({
      '/api/created_races': (_url, init) => {
        if (init?.method !== 'POST') return { items };
        items = [race(2, 'Maiden Special Weight'), ...items];
        return json(201, items[0]);
      },
    });
    renderRoute('/create-races');
    const first = await screen.findByRole('region', { name: 'The First Stakes' });
    const row = within(first).getAllByRole('row')[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'Jockey 1', 'Trainer 1', 'Owner 1']);

    fireEvent.click(screen.getByRole('button', { name: 'Generate a race' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Generated Maiden Special Weight at Aville Downs with 6 horses.',
    );
    expect(await screen.findByRole('region', { name: 'Maiden Special Weight' })).toBeInTheDocument();
  });

  it("should show the server's reason when no more races may be made today", async () => {
    mockApi({
      '/api/created_races': (_url, init) =>
        init?.method === 'POST' ? json(429, { statusCode: 429, message: 'Too many races made today.' }) : { items: [] },
    });
    renderRoute('/create-races');
    expect(await screen.findByText(/No races created yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate a race' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not generate a race (Too many races made today.)',
    );
  });

  it('should let an admin schedule a race on its track, and show members where it runs', async () => {
    asMember('Steward', { role: 'admin' });
    let items = [race(1, 'The First Stakes')];
    let posted: unknown;
    mockApi({
      '/api/created_races': () => ({ items }),
      '/api/tracks': () => ({
        items: [
          { id: 1, track_name: 'Aville Downs', daily_races: 9 },
          { id: 2, track_name: 'Bayside Park', daily_races: 8 },
        ],
        total: 2,
        limit: 100,
        offset: 0,
      }),
      '/api/admin/created_races/1/schedule': (_url, init) => {
        posted = JSON.parse(String(init?.body));
        items = [{ ...race(1, 'The First Stakes'), scheduled_race_id: 77 }];
        return json(201, items[0]);
      },
    });
    renderRoute('/create-races');
    const form = await screen.findByRole('form', { name: 'Schedule The First Stakes' });
    fireEvent.change(within(form).getByLabelText('Post time'), { target: { value: '2026-12-01T18:30' } });
    await within(form).findByRole('option', { name: 'Bayside Park' });
    fireEvent.change(within(form).getByLabelText('Track'), { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByRole('link', { name: 'see the race at Aville Downs' })).toHaveAttribute(
      'href',
      '/race-card?raceId=77&trackId=1',
    );
    expect(posted).toEqual({ post_time: new Date('2026-12-01T18:30').toISOString(), track_id: 2 });
  });

  it('should not offer a member the schedule form', async () => {
    mockApi({ '/api/created_races': () => ({ items: [race(1, 'The First Stakes')] }) });
    renderRoute('/create-races');
    await screen.findByRole('region', { name: 'The First Stakes' });
    expect(screen.queryByRole('form', { name: 'Schedule The First Stakes' })).toBeNull();
  });
});
