import { act, screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useToteStore } from '../hooks/tote-store';
import { FakeToteSocket, makeRaceDetail, makeTote } from '../test-fixtures';

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
});
