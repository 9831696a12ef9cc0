import type { CurrentRaceDetail, ScratchRequest } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { makeRaceDetail, makeTote, STABLE } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

// The race card's live tote rides the tab's socket: a fake one here.
const mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const SCRATCHED = { reason: 'Vet scratch', scratched_at: '2026-11-23T12:40:00.000Z', scratched_by: 'admin' as const };

// Race 7, open, three runners; #2 scratched unless the test says otherwise.
const race = (patch: Partial<CurrentRaceDetail> = {}) =>
  makeRaceDetail(7, {
    status: 'open',
    entries: STABLE.map((r) => (r.post_position === 2 ? { ...r, scratch: SCRATCHED } : r)),
    ...patch,
  });

describe('RaceCardPage scratches', () => {
  it('should mark a scratched runner SCR with its reason and offer no Scratch button to a member', async () => {
    asMember();
    mockApi({ '/api/current_races/7/tote': () => makeTote(7), '/api/current_races/7': () => race() });
    renderRoute('/race-card?raceId=7&trackId=1');

    const entries = await screen.findByRole('table', { name: 'Entries (3, 2 starters)' });
    const [, first, second] = within(entries).getAllByRole('row');
    expect(second).toHaveClass('scratched');
    expect(within(second as HTMLElement).getByText('SCR')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Vet scratch')).toBeInTheDocument();
    expect(first).not.toHaveClass('scratched');
    expect(screen.queryByRole('button', { name: /^Scratch / })).not.toBeInTheDocument();
  });

  it("should let an admin scratch a runner with a reason after confirming, and show the card's new state", async () => {
    asMember('Steward', { role: 'admin' });
    let scratched = false;
    const sent: ScratchRequest[] = [];
    mockApi({
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/admin/current_races/7/scratches': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)) as ScratchRequest);
        scratched = true;
        return new Response(JSON.stringify({}), { status: 201 });
      },
      '/api/current_races/7': () =>
        race({
          entries: STABLE.map((r) => (r.post_position === 3 && scratched ? { ...r, scratch: SCRATCHED } : r)),
        }),
    });
    renderRoute('/race-card?raceId=7&trackId=1');

    const horse = STABLE[2]?.horse_name as string;
    fireEvent.click(await screen.findByRole('button', { name: `Scratch #3 ${horse}` }));
    // Nothing is sent before the confirmation; the reason may be the admin's own words.
    expect(sent).toEqual([]);
    const form = screen.getByRole('form', { name: `Scratch #3 ${horse}` });
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Bled in the warm-up' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Confirm scratch' }));

    await waitFor(() => expect(sent).toEqual([{ post_position: 3, reason: 'Bled in the warm-up' }]));
    const entries = await screen.findByRole('table', { name: 'Entries (3, 2 starters)' });
    expect(within(entries).getAllByRole('row')[3]).toHaveClass('scratched');
  });

  it('should show no Scratch button once the race is off', async () => {
    asMember('Steward', { role: 'admin' });
    mockApi({
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/current_races/7': () => race({ status: 'running' }),
    });
    renderRoute('/race-card?raceId=7&trackId=1');
    await screen.findByRole('table', { name: 'Entries (3, 2 starters)' });
    expect(screen.queryByRole('button', { name: /^Scratch / })).not.toBeInTheDocument();
  });

  it('should read the race again when the tote room says a runner was scratched', async () => {
    asMember();
    let scratched = false;
    const { calls } = mockApi({
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/current_races/7': () =>
        race({ entries: STABLE.map((r) => (r.post_position === 1 && scratched ? { ...r, scratch: SCRATCHED } : r)) }),
    });
    renderRoute('/race-card?raceId=7&trackId=1');
    await screen.findByRole('table', { name: 'Entries (3)' });
    const before = calls.filter((u) => u.pathname === '/api/current_races/7').length;
    scratched = true;
    mockSocket.serverSends('race:scratch', { race_id: 7, scratched: [], starters: 2, cancelled: false });
    expect(await screen.findByRole('table', { name: 'Entries (3, 2 starters)' })).toBeInTheDocument();
    expect(calls.filter((u) => u.pathname === '/api/current_races/7').length).toBeGreaterThan(before);
  });
});
