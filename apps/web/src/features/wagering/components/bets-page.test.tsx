import { IDEMPOTENCY_HEADER, type PlaceBetsRequest } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeRaceDetail } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useRaceContext } from '../../../lib/race-context';
import { useBetSlip } from '../hooks/bet-slip-store';
import { BETTING_CLOSED } from '../hooks/place-errors';

const race = () => makeRaceDetail(7);

async function openBets(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ '/api/current_races/7': race, ...handlers });
  const view = renderRoute('/bets?raceId=7');
  await screen.findByRole('heading', { name: 'Bets — Aville Race 7' });
  return { ...api, ...view };
}

const addBet = () => screen.getByRole('button', { name: 'Add Bet' });
const horse = (name: RegExp) => screen.getByRole('checkbox', { name });
const chooseType = (type: string) => fireEvent.change(screen.getByLabelText('Bet type'), { target: { value: type } });

async function addWinBet(name: RegExp) {
  fireEvent.click(horse(name));
  fireEvent.click(addBet());
  await screen.findByRole('table', { name: 'Bet slip' });
}

describe('BetsPage', () => {
  beforeEach(() => {
    asMember();
    useRaceContext.getState().clear();
    useBetSlip.setState({ bets: [], idempotencyKey: null });
  });

  it('should take the race from the race context when there is no ?raceId', async () => {
    useRaceContext.getState().update({ currentRaceId: 7 });
    mockApi({ '/api/current_races/7': race });
    renderRoute('/race');
    expect(await screen.findByRole('heading', { name: 'Bets — Aville Race 7' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Countdown to post' })).toBeInTheDocument();
  });

  it('should enable Add Bet only with the required horses and an amount above 0', async () => {
    await openBets();
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(2);
    expect(addBet()).toBeDisabled();

    fireEvent.click(horse(/Silver Comet/));
    expect(addBet()).toBeEnabled();
    // Win names one horse: the others cannot be picked on top.
    expect(horse(/Red Baron/)).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Bet amount ($)'), { target: { value: '0' } });
    expect(addBet()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Bet amount ($)'), { target: { value: '5' } });
    expect(addBet()).toBeEnabled();
  });

  it('should need an order for every horse of an Exacta, and reset the horses when the type changes', async () => {
    await openBets();
    fireEvent.click(horse(/Silver Comet/));
    chooseType('Exacta');
    expect(horse(/Silver Comet/)).not.toBeChecked();

    fireEvent.click(horse(/Silver Comet/));
    fireEvent.click(horse(/Red Baron/));
    expect(addBet()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Order for Silver Comet'), { target: { value: '2' } });
    expect(addBet()).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Order for Red Baron'), { target: { value: '1' } });
    expect(addBet()).toBeEnabled();
  });

  it('should show a boxed trifecta as its combinations times the amount', async () => {
    await openBets();
    chooseType('Trifecta');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Box' }));
    for (const name of [/Silver Comet/, /Red Baron/, /Blue Moon/]) fireEvent.click(horse(name));
    fireEvent.change(screen.getByLabelText('Bet amount ($)'), { target: { value: '1000' } });
    // A box of 3 for three positions: 3! = 6 combinations.
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('6 combinations × $1,000.00 = $6,000.00');
    fireEvent.click(addBet());

    const slip = await screen.findByRole('table', { name: 'Bet slip' });
    expect(within(slip).getByText('$6,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('slip-total')).toHaveTextContent('$6,000.00');
    // Add Bet puts the form back to a $2 Win.
    expect(screen.getByLabelText('Bet type')).toHaveValue('Win');
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(2);
  });

  it('should remove a pending bet', async () => {
    await openBets();
    await addWinBet(/Silver Comet/);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bet' }));
    expect(screen.getByText('No pending bets.')).toBeInTheDocument();
    expect(screen.getByTestId('slip-total')).toHaveTextContent('$0.00');
  });

  it('should place the whole slip in one request with an Idempotency-Key and clear it', async () => {
    const posted: { body: PlaceBetsRequest; key: string | null }[] = [];
    const { client } = await openBets({
      '/api/bets': (_url, init) => {
        posted.push({
          body: JSON.parse(String(init?.body)) as PlaceBetsRequest,
          key: new Headers(init?.headers).get(IDEMPOTENCY_HEADER),
        });
        return json(201, { idempotency_key: 'k', bets: [{}, {}], total_cents: 400, balance_cents: 99_600 });
      },
    });
    await addWinBet(/Silver Comet/);
    await addWinBet(/Red Baron/);
    const invalidate = jest.spyOn(client, 'invalidateQueries');

    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));

    expect(await screen.findByText(/Your balance is \$996\.00/)).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(posted[0]?.body.bets).toEqual([
      { bet_type: 'Win', race_ids: [7], amount_cents: 200, selections: [[1]], box: false },
      { bet_type: 'Win', race_ids: [7], amount_cents: 200, selections: [[2]], box: false },
    ]);
    expect(screen.getByText('No pending bets.')).toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['me'] });
  });

  it('should keep the key when the answer is lost, so the retry cannot place twice', async () => {
    const keys: (string | null)[] = [];
    await openBets({
      '/api/bets': (_url, init) => {
        keys.push(new Headers(init?.headers).get(IDEMPOTENCY_HEADER));
        return keys.length === 1
          ? json(503, { statusCode: 503, error: 'Unavailable', message: 'Try again' })
          : json(201, { idempotency_key: 'k', bets: [{}], total_cents: 200, balance_cents: 99_800 });
      },
    });
    await addWinBet(/Silver Comet/);
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByText(/could not be placed/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    await screen.findByText(/Your balance is/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("should show the server's reason beside each refused bet", async () => {
    await openBets({
      '/api/bets': () =>
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Some bets were refused',
          errors: [{ field: 'bets[1].amount_cents', reason: 'The minimum Win bet is $1.00.' }],
        }),
    });
    await addWinBet(/Silver Comet/);
    await addWinBet(/Red Baron/);
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));

    const rows = within(await screen.findByRole('table', { name: 'Bet slip' })).getAllByRole('row');
    await waitFor(() => expect(within(rows[2] as HTMLElement).getByRole('alert')).toHaveTextContent('$1.00'));
    expect(within(rows[1] as HTMLElement).queryByRole('alert')).not.toBeInTheDocument();
    // Nothing was placed: the slip stays.
    expect(screen.getAllByRole('button', { name: 'Remove Bet' })).toHaveLength(2);
  });

  it('should say betting is closed when the server answers 409', async () => {
    await openBets({
      '/api/bets': () =>
        json(409, {
          statusCode: 409,
          error: 'Conflict',
          message: 'Betting is closed for this race',
          reason: 'betting_closed',
          errors: [{ field: 'bets[0].race_ids', reason: 'Betting is closed for this race (race 7)' }],
        }),
    });
    await addWinBet(/Silver Comet/);
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Betting is closed for this race (race 7)',
      `${BETTING_CLOSED}. Remove its bets from the slip to place the others.`,
    ]);
  });

  it('should show the server message for insufficient funds', async () => {
    await openBets({
      '/api/bets': () =>
        json(409, { statusCode: 409, error: 'Conflict', message: 'Insufficient funds.', reason: 'insufficient_funds' }),
    });
    await addWinBet(/Silver Comet/);
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient funds.');
  });

  it('should offer Advanced Bet for a multi-race type', async () => {
    const { router } = await openBets();
    chooseType('Pick 3');
    fireEvent.click(screen.getByRole('button', { name: 'Advanced Bet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/advanced-bet-tracks'));
    expect(router.state.location.state).toMatchObject({ trackName: 'Aville Downs', selectedBet: 'Pick 3' });
  });
});
