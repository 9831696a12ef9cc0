import { QueryClient } from '@tanstack/react-query';
import { type Session, setSession } from '../../../lib/session';
import { BET_SLIP_STORAGE_KEY, type PendingBet, useBetSlip } from './bet-slip-store';

const PENDING: Omit<PendingBet, 'id'> = {
  request: { bet_type: 'Win', race_ids: [7], amount_cents: 200, selections: [[3]], box: false },
  horsesLabel: '#3 Silver Comet',
  raceName: 'Aville Race 1',
  combinations: 1,
  totalCents: 200,
};

describe('useBetSlip', () => {
  beforeEach(() => useBetSlip.setState({ bets: [], idempotencyKey: null }));

  it('should forget the pending slip when the session ends, and keep it while one begins', () => {
    const client = new QueryClient();
    useBetSlip.getState().add(PENDING);
    setSession(client, { id: 1, username: 'punter', role: 'user' } as Session);
    expect(useBetSlip.getState().bets).toHaveLength(1);

    setSession(client, null);
    expect(useBetSlip.getState().bets).toEqual([]);
    const stored = JSON.parse(sessionStorage.getItem(BET_SLIP_STORAGE_KEY) ?? '{}') as { state?: { bets?: unknown[] } };
    expect(stored.state?.bets).toEqual([]);
  });
});
