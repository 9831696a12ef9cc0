import { act, screen, within } from '@testing-library/react';
import { FakeToteSocket } from '../../../../test/fake-socket';
import { makeRaceDetail, makeTote } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useToteStore } from '../hooks/tote-store';

let mockSocket = new FakeToteSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

describe('BetOddsPage', () => {
  beforeEach(() => {
    asMember();
    mockSocket = new FakeToteSocket();
    useToteStore.setState({ boards: {} });
  });

  it('should join tote:{id} and follow tote:update live', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
    const { calls } = mockApi({
      '/api/current_races/7': () => makeRaceDetail(7),
      '/api/current_races/7/tote': () => makeTote(7),
    });
    renderRoute('/bet-odds?raceId=7');

    const odds = await screen.findByRole('table', { name: 'Win odds' });
    expect(mockSocket.emitted.find((e) => e.event === 'tote:join')?.args).toEqual([7]);
    const comet = within(odds).getByRole('row', { name: /Silver Comet/ });
    expect(within(comet).getByText('5-2')).toBeInTheDocument();
    expect(within(comet).getByText('8-5')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Pools' })).getByText('$12,345.00')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /Exacta probables/ })).getByText('$18.40')).toBeInTheDocument();

    const next = makeTote(7, { as_of: '2026-11-23T12:56:00.000Z' });
    next.runners[0] = { ...(next.runners[0] as (typeof next.runners)[number]), win_odds_display: '6-5' };
    act(() => mockSocket.serverSends('tote:update', next));
    expect(await within(screen.getByRole('table', { name: 'Win odds' })).findByText('6-5')).toBeInTheDocument();
    // The socket delivered: no polling of the REST board beyond the first read.
    expect(calls.filter((u) => u.pathname.endsWith('/tote')).length).toBeLessThanOrEqual(1);

    // After bets only the light part comes (tote:odds): the odds and pools move, the probables stay.
    const light = makeTote(7, { as_of: '2026-11-23T12:56:01.000Z' });
    light.runners[0] = { ...(light.runners[0] as (typeof light.runners)[number]), win_odds_display: '9-5' };
    const { race_id, status, frozen, as_of, pools, runners } = light;
    act(() => mockSocket.serverSends('tote:odds', { race_id, status, frozen, as_of, pools, runners }));
    expect(await within(screen.getByRole('table', { name: 'Win odds' })).findByText('9-5')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /Exacta probables/ })).getByText('$18.40')).toBeInTheDocument();
    // An older light part arriving late does not undo it.
    act(() =>
      mockSocket.serverSends('tote:odds', { ...light, as_of: '2026-11-23T12:55:00.000Z', runners: next.runners }),
    );
    expect(within(screen.getByRole('table', { name: 'Win odds' })).getByText('9-5')).toBeInTheDocument();
  });

  it('should call the odds final only once the board is frozen, not as soon as the race closes', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, tote: makeTote(raceId) });
    mockApi({
      '/api/current_races/7': () => makeRaceDetail(7),
      '/api/current_races/7/tote': () => makeTote(7),
    });
    renderRoute('/bet-odds?raceId=7');
    expect(await screen.findByText(/Live odds\./)).toBeInTheDocument();

    const closed = makeTote(7, { as_of: '2026-11-23T12:56:00.000Z', status: 'closed', frozen: false });
    act(() => mockSocket.serverSends('tote:update', closed));
    expect(await screen.findByText(/Betting is closed: the final odds follow in a moment\./)).toBeInTheDocument();

    act(() => mockSocket.serverSends('tote:update', { ...closed, as_of: '2026-11-23T12:56:01.000Z', frozen: true }));
    expect(await screen.findByText(/Final odds: betting is closed\./)).toBeInTheDocument();
  });

  it('should poll the board over REST every 5 s while the socket has not delivered', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { calls } = mockApi({
        '/api/current_races/7': () => makeRaceDetail(7),
        '/api/current_races/7/tote': () => makeTote(7),
      });
      renderRoute('/bet-odds?raceId=7');
      await screen.findByRole('table', { name: 'Win odds' });
      const before = calls.filter((u) => u.pathname.endsWith('/tote')).length;
      await act(async () => {
        await jest.advanceTimersByTimeAsync(5100);
      });
      expect(calls.filter((u) => u.pathname.endsWith('/tote')).length).toBeGreaterThan(before);
    } finally {
      jest.useRealTimers();
    }
  });

  it('should show the daily double probables and the Pick 3 will-pays, with a dash until the earlier legs are official', async () => {
    const pick = {
      bet_type: 'Pick 3' as const,
      race_ids: [5, 6, 7],
      carryover_cents: 123_400,
      winners: null,
      leg_winners: null,
      will_pays: null,
    };
    const first = makeTote(7, {
      daily_double: {
        race_ids: [7, 8],
        leg1_winner: null,
        leg1_winners: null,
        second: [1, 2, 3],
        rows: [
          { first: 1, payouts_cents: [2_460, null, 9_120] },
          { first: 2, payouts_cents: [null, 3_300, null] },
        ],
      },
      pick_will_pays: [pick],
    });
    mockSocket.joinReply = () => ({ ok: true, tote: first });
    mockApi({
      '/api/current_races/7': () => makeRaceDetail(7),
      '/api/current_races/7/tote': () => first,
    });
    renderRoute('/bet-odds?raceId=7');

    const double = await screen.findByRole('table', { name: /Daily Double probables/ });
    const row1 = within(double).getByRole('row', { name: /^1 / });
    expect(within(row1).getByText('$24.60')).toBeInTheDocument();
    expect(within(row1).getByText('$91.20')).toBeInTheDocument();
    expect(within(double).getByText('$33.00')).toBeInTheDocument();
    const willPays = screen.getByRole('table', { name: /Pick 3 will-pays.*carryover \$1,234\.00/ });
    expect(within(willPays).getAllByText('—').length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('table', { name: 'Pools' })).getByRole('columnheader', { name: 'Carryover' }),
    ).toBeInTheDocument();

    // Legs 1 and 2 of the Pick 3 are official (leg 1 a dead heat of 4 and 6); leg 1 of the double is
    // this race, a dead heat of 2 and 5.
    const next = makeTote(7, {
      as_of: '2026-11-23T12:58:00.000Z',
      daily_double: {
        race_ids: [7, 8],
        leg1_winner: 2,
        leg1_winners: [2, 5],
        second: [1, 2, 3],
        rows: [
          { first: 2, payouts_cents: [null, 3_300, null] },
          { first: 5, payouts_cents: [1_880, null, null] },
        ],
      },
      pick_will_pays: [
        {
          ...pick,
          winners: [4, 1],
          leg_winners: [[4, 6], [1]],
          will_pays: [
            { post_position: 1, payout_cents: 15_820 },
            { post_position: 2, payout_cents: null },
          ],
        },
      ],
    });
    act(() => mockSocket.serverSends('tote:update', next));
    const won = await screen.findByRole('table', { name: /Daily Double probables.*leg 1 won by 2 DH 5/ });
    expect(within(won).getAllByRole('row')).toHaveLength(3);
    expect(within(won).getByText('$18.80')).toBeInTheDocument();
    const pays = screen.getByRole('table', { name: /Pick 3 will-pays/ });
    const horse1 = within(pays).getByRole('row', { name: /\(4 DH 6\)-1 1 \$158\.20/ });
    expect(horse1).toBeInTheDocument();
    expect(within(pays).getByRole('row', { name: /\(4 DH 6\)-1 2 —/ })).toBeInTheDocument();
  });
});
