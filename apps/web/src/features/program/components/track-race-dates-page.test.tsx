import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, list, makeTrack, makeTracks } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { datesNewestFirst, NO_TRACK_DETAILS } from './track-race-dates-page';

function races(url: URL) {
  const date = url.searchParams.get('race_date') ?? '';
  return list(
    [1, 2].map((n) => ({
      id: Number(date.replaceAll('-', '').slice(4)) * 10 + n,
      race_name: `Claiming ${n}`,
      race_date: date,
      race_number: n,
      starting_time: n === 1 ? '13:00:00' : '13:25:00',
      race_class: 'Claiming',
      num_horses: 6 + n,
      track_id: 3,
      location: 'Bton',
    })),
  );
}

describe(datesNewestFirst.name, () => {
  it('should sort the dates newest first without repeats', () => {
    expect(datesNewestFirst(['2026-07-05', '2026-10-31', '2026-09-12', '2026-07-05'])).toEqual([
      '2026-10-31',
      '2026-09-12',
      '2026-07-05',
    ]);
  });
});

describe('TrackRaceDatesPage', () => {
  beforeEach(() => asMember());

  it('should offer every track by name and open the one chosen', async () => {
    mockApi({ '/api/tracks': () => list(makeTracks()) });
    const { router } = renderRoute('/track-race-dates');
    const select = await screen.findByLabelText('Track');
    expect(within(select).getAllByRole('option')).toHaveLength(30);
    fireEvent.change(select, { target: { value: '3' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/track-race-dates/3'));
  });

  it("should show the track, its newest race date by default, and that day's races", async () => {
    const { calls } = mockApi({
      // Bton keeps its clock five hours behind UTC.
      '/api/tracks/3': () => makeTrack(3, 'Bton', { utc_offset_minutes: -300 }),
      '/api/tracks': () => list(makeTracks()),
      '/api/races': races,
    });
    const { router } = renderRoute('/track-race-dates/3');
    expect(await screen.findByRole('table', { name: 'Bton Downs' })).toBeInTheDocument();
    const dates = screen.getByLabelText('Race date');
    expect(
      within(dates)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026-10-31', '2026-09-12', '2026-07-05']);
    expect(dates).toHaveValue('2026-10-31');
    const table = await screen.findByRole('table', { name: 'Races on 2026-10-31' });
    expect(
      within(within(table).getAllByRole('row')[1] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '10311',
      'Claiming 1',
      '2026-10-31',
      // 13:00 at the track is 18:00 UTC: shown in the viewer's zone, the track's clock beside it.
      `${formatTimeOfDay('2026-10-31T18:00:00.000Z')} · track 1:00 PM UTC\u22125`,
      'Claiming',
      '7',
    ]);
    const query = calls.find((u) => u.pathname === '/api/races')?.searchParams;
    expect(query?.get('track_id')).toBe('3');
    expect(query?.get('sort')).toBe('race_number');

    fireEvent.change(dates, { target: { value: '2026-07-05' } });
    expect(await screen.findByRole('table', { name: 'Races on 2026-07-05' })).toBeInTheDocument();
    fireEvent.click(screen.getByText('7052'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page-race/7052'));
  });

  it('should say no track details are available for an unknown track', async () => {
    mockApi({
      '/api/tracks/999': () => json(404, { statusCode: 404, message: 'Track 999 not found' }),
      '/api/tracks': () => list(makeTracks()),
    });
    renderRoute('/track-race-dates/999');
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_TRACK_DETAILS);
  });
});
