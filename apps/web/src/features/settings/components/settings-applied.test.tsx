import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { list, makeBet, makeRaceDetail, makeTote, STABLE } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, withSettings } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { makeDashboard } from '../../stable/test-fixtures';

// The settings are used across the site: the race card's odds and times, the bet slip's amount and
// the betting history's results follow them (a member's from the server, a visitor's from this browser).
const mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const race = () =>
  makeRaceDetail(7, { race_number: 1, race_name: 'Aville Race 1', status: 'open', entries: STABLE.slice(0, 2) });
const api = () => ({ '/api/current_races/7/tote': () => makeTote(7), '/api/current_races/7': race });

async function entryCells(): Promise<(string | null)[]> {
  const entries = await screen.findByRole('table', { name: 'Entries (2)' });
  const [, first] = within(entries).getAllByRole('row');
  return within(first as HTMLElement)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

describe('Settings used across the site', () => {
  beforeEach(() => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
  });

  it("should show the race card's odds as the tote board writes them by default", async () => {
    asMember();
    mockApi(api());
    renderRoute('/race-card?raceId=7&trackId=1');
    // Morning line 5-2, live odds 8-5.
    await waitFor(async () => expect((await entryCells()).slice(2, 4)).toEqual(['5-2', '8-5']));
  });

  it("should show a member's race card in decimal odds and the chosen time zone", async () => {
    asMember();
    withSettings({ odds_format: 'decimal', time_zone: 'Asia/Tokyo' });
    mockApi(api());
    renderRoute('/race-card?raceId=7&trackId=1');
    // 5-2 pays 3.50 per $1 staked, 8-5 pays 2.60.
    await waitFor(async () => expect((await entryCells()).slice(2, 4)).toEqual(['3.50', '2.60']));
    const tokyo = formatTimeOfDay('2026-11-23T13:00:00.000Z', { timeZone: 'Asia/Tokyo' });
    expect(tokyo).toMatch(/^10:00 PM GMT\+9$/);
    expect(screen.getAllByText(tokyo).length).toBeGreaterThan(0);
  });

  it("should start a member's bet amount at their default bet, and put it back after Add Bet", async () => {
    asMember();
    withSettings({ default_bet_amount_cents: 2000 });
    mockApi(api());
    renderRoute('/bets?raceId=7');
    const amount = await screen.findByLabelText('Bet amount ($)');
    await waitFor(() => expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(20));
    fireEvent.change(amount, { target: { value: '3' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Silver Comet/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bet' }));
    await screen.findByRole('table', { name: 'Bet slip' });
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(20);
  });

  it('should highlight the results of my settled bets only while that notice is on', async () => {
    asMember();
    const bets = [
      makeBet(1, { status: 'won', payout_cents: 1240, settled_at: '2026-11-23T13:05:00.000Z' }),
      makeBet(2, { status: 'lost', settled_at: '2026-11-23T13:05:00.000Z' }),
      makeBet(3),
    ];
    mockApi({ '/api/me/bets': () => list(bets) });
    const first = renderRoute('/user-bets');
    expect(await screen.findByText(/^Results of your bets listed/)).toHaveTextContent(
      'Results of your bets listed: 1 won ($12.40 paid), 1 lost.',
    );
    const table = screen.getByRole('table');
    expect(table.querySelectorAll('tr.bet-won')).toHaveLength(1);
    expect(table.querySelectorAll('tr.bet-lost')).toHaveLength(1);
    first.unmount();

    withSettings({ notify_own_bet_results: false });
    renderRoute('/user-bets');
    const plain = await screen.findByRole('table');
    await waitFor(() => expect(plain.querySelectorAll('tr.bet-won')).toHaveLength(0));
    expect(screen.queryByText(/Results of your bets/)).not.toBeInTheDocument();
  });

  it("should hide the stable's notices of my horses running when that notice is off", async () => {
    asMember();
    const notices = [
      {
        id: 1,
        kind: 'entered' as const,
        message: 'Stable Star 1 is entered in Race 3.',
        current_race_id: 41,
        at: '2026-11-23T12:00:00.000Z',
      },
      {
        id: 2,
        kind: 'result' as const,
        message: 'Stable Star 1 finished 2nd.',
        current_race_id: 43,
        at: '2026-11-23T14:00:00.000Z',
      },
      {
        id: 3,
        kind: 'foal' as const,
        message: 'A filly was born to Stable Star 2.',
        current_race_id: null,
        at: '2026-11-23T15:00:00.000Z',
      },
    ];
    mockApi({ '/api/stable': () => makeDashboard({ notices }) });
    const first = renderRoute('/user-dashboard');
    const all = await screen.findByRole('list', { name: 'Notices' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(3);
    first.unmount();

    withSettings({ notify_own_horse_running: false });
    renderRoute('/user-dashboard');
    await screen.findByText(/Notices of your horses running are off in your/);
    const left = screen.getByRole('list', { name: 'Notices' });
    expect(
      within(left)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('A filly was born to Stable Star 2.')]);
    expect(screen.getByRole('link', { name: 'settings' })).toHaveAttribute('href', '/user-settings');
  });
});
