import { fireEvent, screen, within } from '@testing-library/react';
import { json, makeCard } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeDashboard, makeEnterableRace, makeEntry, makeStableHorse, sentBody } from '../test-fixtures';

describe('EnterHorseDialog', () => {
  beforeEach(() => asMember());

  it("should open from the track card with that track's races and enter a horse", async () => {
    const { calls, fetchMock } = mockApi({
      '/api/program/tracks/1/card': () => makeCard(1, { firstRaceId: 11, race: { status: 'scheduled' } }),
      '/api/stable/races': () => ({ items: [makeEnterableRace(11), makeEnterableRace(12)], entry_fee_cents: 2500 }),
      '/api/stable/entries': () =>
        json(201, { entry: makeEntry(1, { current_race_id: 11, race_number: 1 }), balance_cents: 97_500 }),
      '/api/stable': () => makeDashboard({ horses: [makeStableHorse(1)] }),
    });
    renderRoute('/track-card?id=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Enter Horse' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Enter Horse' }));
    await dialog.findByRole('option', { name: /^Race 1 ·/ });
    expect(calls.find((u) => u.pathname === '/api/stable/races')?.searchParams.get('track_id')).toBe('1');
    fireEvent.change(dialog.getByLabelText('Race'), { target: { value: '11' } });
    fireEvent.change(dialog.getByLabelText('Horse'), { target: { value: '1' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Enter Race' }));
    expect(await dialog.findByText(/is entered in Aville Downs race 1/)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/stable/entries'));
    expect(sentBody(post?.[1])).toEqual({ horse_id: 1, current_race_id: 11 });

    fireEvent.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
