import { IDEMPOTENCY_HEADER } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeRaceSocket } from '../../../../test/fake-socket';
import { json, list, makeCard, makeRace, makeSnapshot, makeTote, makeTrack } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute, resetMember } from '../../../../test/render';

let mockSocket = new FakeRaceSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const step = (label: RegExp) =>
  within(screen.getByRole('list', { name: 'Steps' })).getByRole('listitem', { name: label });

const CLOSED = {
  statusCode: 409,
  error: 'Conflict',
  message: 'Betting is closed for this race',
  reason: 'betting_closed',
};

/** The API of a day with races: race 7 running, race 9 closed. */
function mockDay(overrides: Record<string, (url: URL, init?: RequestInit) => unknown> = {}) {
  return mockApi({
    '/api/horses': () => list([{ id: 1 }, { id: 2 }], 120, 0, 5),
    '/api/tracks': () => list([makeTrack(1, 'Aville')], 29, 0, 1),
    '/api/program/tracks/1/card': () => makeCard(1, { races: 8 }),
    '/api/current_races': (url) => {
      const status = url.searchParams.get('status');
      if (status === 'running') return list([makeRace(7, { status: 'running' })]);
      if (status === 'closed') return list([makeRace(9, { status: 'closed' })]);
      return list([]);
    },
    '/api/bets': () => json(409, CLOSED),
    ...overrides,
  });
}

describe('AppTestPage', () => {
  beforeEach(() => {
    mockSocket = new FakeRaceSocket();
    mockSocket.replies.set('tote:join', (raceId) => ({ ok: true, tote: makeTote(raceId as number) }));
    asMember('Olive', { role: 'operator' });
  });
  afterEach(() => resetMember());

  it('should run nothing until Run is pressed', async () => {
    const { calls } = mockDay();
    renderRoute('/app-test');
    expect(await screen.findByRole('button', { name: 'Run' })).toBeEnabled();
    expect(step(/^Catalog list/)).toHaveTextContent('Pending');
    expect(calls).toEqual([]);
    expect(mockSocket.emitted).toEqual([]);
  });

  it('should pass every step against a running race and a closed one', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, snapshot: makeSnapshot({ race_id: raceId, phase: 'running' }) });
    const { fetchMock } = mockDay();
    renderRoute('/app-test');
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));

    await waitFor(() => expect(step(/^Live race join/)).toHaveTextContent('Passed'));
    act(() =>
      mockSocket.serverSends('race:frame', { r: 7, s: 12, ts: 1, p: [0.1, 0.2, 0.3], v: [16, 16, 16], l: [2, 1, 3] }),
    );
    expect(await screen.findByText('6 passed, 0 failed, 0 skipped.')).toBeInTheDocument();

    expect(step(/^Catalog list/)).toHaveTextContent('2 of 120 horses');
    expect(step(/^Catalog list/)).toHaveTextContent(/\d+ ms/);
    expect(step(/^Program card/)).toHaveTextContent('Aville Downs, 2026-11-23: 8 races');
    expect(step(/^Live race join/)).toHaveTextContent('Race 7 (Aville Race 3): running, 3 runners');
    expect(step(/^A frame received/)).toHaveTextContent('Sample 12, leader post 2');
    expect(step(/^Tote room/)).toHaveTextContent('Race 7:');
    // The running race no longer takes bets: the refused bet is on it.
    expect(step(/^A bet on a closed race/)).toHaveTextContent('Passed');
    expect(step(/^A bet on a closed race/)).toHaveTextContent('Race 7: 409 Betting is closed for this race');
    expect(mockSocket.joins()).toEqual([7]);
    expect(mockSocket.argsOf('tote:join')).toEqual([7]);
    expect(mockSocket.argsOf('race:leave')).toEqual([7]);
    expect(mockSocket.argsOf('tote:leave')).toEqual([7]);

    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/bets') as [string, RequestInit];
    const headers = init.headers as Record<string, string>;
    expect(headers[IDEMPOTENCY_HEADER]).toMatch(/^app-test-/);
    expect(JSON.parse(String(init.body))).toEqual({
      bets: [{ bet_type: 'Win', race_ids: [7], amount_cents: 200, selections: [[1]] }],
    });
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled();
  });

  it('should use the race of /app-test/{id} and report what fails', async () => {
    mockSocket.joinReply = (raceId) => ({ ok: true, snapshot: makeSnapshot({ race_id: raceId, phase: 'finished' }) });
    mockSocket.replies.set('tote:join', () => ({ ok: false, error: 'No such race', reason: 'not_found' }));
    const { calls } = mockDay({
      '/api/horses': () => json(500, { statusCode: 500, message: 'Internal server error' }),
      '/api/bets': () => json(201, { bets: [] }),
    });
    renderRoute('/app-test/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('2 passed, 3 failed, 1 skipped.')).toBeInTheDocument();

    expect(step(/^Catalog list/)).toHaveTextContent('Failed');
    expect(step(/^Catalog list/)).toHaveTextContent('500: Internal server error');
    expect(step(/^Live race join/)).toHaveTextContent('Race 12');
    expect(step(/^A frame received/)).toHaveTextContent('Skipped');
    expect(step(/^A frame received/)).toHaveTextContent('Race 12 is finished: it sends no frames');
    expect(step(/^Tote room/)).toHaveTextContent('Refused: No such race');
    expect(step(/^A bet on a closed race/)).toHaveTextContent('Race 12: the bet was placed (expected 409)');
    expect(mockSocket.joins()).toEqual([12]);
    // The race was given: the check did not look for one.
    expect(calls.some((u) => u.pathname === '/api/current_races')).toBe(false);
  });
});
