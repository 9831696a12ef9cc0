import { DEFAULT_USER_SETTINGS, IDEMPOTENCY_HEADER, type PlaceBetsRequest } from '@furlong/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, makeRaceDetail, makeTote } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useRaceContext } from '../../../lib/race-context';
import { useActiveSettings } from '../../../lib/settings';
import { BET_SLIP_STORAGE_KEY, useBetSlip } from '../hooks/bet-slip-store';
import { BETTING_CLOSED } from '../hooks/place-errors';

const race = () => makeRaceDetail(7);

async function openBets(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ '/api/current_races/7': race, '/api/current_races/7/tote': () => makeTote(7), ...handlers });
  const view = renderRoute('/bets?raceId=7');
  await screen.findByRole('heading', { name: 'Bets — Aville Race 7' });
  return { ...api, ...view };
}

const addBet = () => screen.getByRole('button', { name: 'Add Bet' });
const horse = (name: RegExp) => screen.getByRole('checkbox', { name });
const cell = (position: string, name: RegExp) =>
  screen.getByRole('checkbox', { name: new RegExp(`^${position}: .*${name.source}`) });
const chooseType = (type: string) => fireEvent.change(screen.getByLabelText('Bet type'), { target: { value: type } });

// The slip is placed from its review step (issue 15): Review Bets, then Place Bet.
const placeSlip = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Review Bets' }));
  fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
};

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
    mockApi({ '/api/current_races/7': race, '/api/current_races/7/tote': () => makeTote(7) });
    renderRoute('/race');
    expect(await screen.findByRole('heading', { name: 'Bets — Aville Race 7' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Countdown to post' })).toBeInTheDocument();
  });

  it('should not offer a scratched runner, and ALL takes only the starters', async () => {
    const scratched = makeRaceDetail(7);
    scratched.entries = scratched.entries.map((e) =>
      e.horse_name === 'Red Baron'
        ? { ...e, scratch: { reason: 'Vet scratch', scratched_at: '2026-11-23T12:40:00.000Z', scratched_by: 'admin' } }
        : e,
    );
    mockApi({ '/api/current_races/7': () => scratched, '/api/current_races/7/tote': () => makeTote(7) });
    renderRoute('/bets?raceId=7');
    await screen.findByRole('checkbox', { name: /Silver Comet/ });
    expect(screen.queryByRole('checkbox', { name: /Red Baron/ })).not.toBeInTheDocument();
    chooseType('Exacta');
    fireEvent.click(screen.getByRole('button', { name: 'All for 1st' }));
    const firsts = screen.getAllByRole('checkbox', { name: /^1st: / });
    expect(firsts.filter((c) => (c as HTMLInputElement).checked)).toHaveLength(4);
    expect(firsts.map((c) => c.getAttribute('aria-label'))).not.toContain('1st: #2 Red Baron');
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

  it('should follow the default bet when the settings arrive after the form, keeping the horses and a changed amount', async () => {
    await openBets();
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(2);
    fireEvent.click(horse(/Silver Comet/));
    act(() => useActiveSettings.getState().set({ ...DEFAULT_USER_SETTINGS, default_bet_amount_cents: 500 }));
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(5);
    expect(horse(/Silver Comet/)).toBeChecked();

    // An amount the member typed stays when the default changes again.
    fireEvent.change(screen.getByLabelText('Bet amount ($)'), { target: { value: '7' } });
    act(() => useActiveSettings.getState().set({ ...DEFAULT_USER_SETTINGS, default_bet_amount_cents: 1000 }));
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(7);
  });

  it('should build an Exacta by the position grid without order numbers, and reset the grid when the type changes', async () => {
    await openBets();
    fireEvent.click(horse(/Silver Comet/));
    chooseType('Exacta');
    expect(cell('1st', /Silver Comet/)).not.toBeChecked();
    expect(screen.queryByLabelText(/Order for/)).not.toBeInTheDocument();

    fireEvent.click(cell('1st', /Red Baron/));
    expect(addBet()).toBeDisabled();
    fireEvent.click(cell('2nd', /Silver Comet/));
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('Straight: 1 combination × $2.00 = $2.00');
    // The same horse in both positions makes no exacta.
    fireEvent.click(cell('2nd', /Silver Comet/));
    fireEvent.click(cell('2nd', /Red Baron/));
    expect(addBet()).toBeDisabled();
    fireEvent.click(cell('2nd', /Red Baron/));
    fireEvent.click(cell('2nd', /Silver Comet/));
    fireEvent.click(addBet());

    const slip = await screen.findByRole('table', { name: 'Bet slip' });
    expect(within(slip).getByText('1st: #2 Red Baron; 2nd: #1 Silver Comet')).toBeInTheDocument();
  });

  it('should key a horse on top of ALL and send the key as positions, counting and pricing it live', async () => {
    const posted: PlaceBetsRequest[] = [];
    await openBets({
      '/api/bets': (_url, init) => {
        posted.push(JSON.parse(String(init?.body)) as PlaceBetsRequest);
        return json(201, { idempotency_key: 'k', bets: [{}], total_cents: 800, balance_cents: 99_200 });
      },
    });
    chooseType('Exacta');
    fireEvent.click(cell('1st', /Blue Moon/));
    fireEvent.click(screen.getByRole('button', { name: 'All for 2nd' }));
    // Five runners: 3 over the four others.
    expect(cell('2nd', /Gold Rush/)).toBeChecked();
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('Key: 4 combinations × $2.00 = $8.00');
    fireEvent.click(cell('2nd', /Gold Rush/));
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('Key: 3 combinations × $2.00 = $6.00');
    fireEvent.click(cell('2nd', /Gold Rush/));
    fireEvent.click(addBet());
    const slip = await screen.findByRole('table', { name: 'Bet slip' });
    expect(within(slip).getByText('1st: #3 Blue Moon; 2nd: ALL (key)')).toBeInTheDocument();
    placeSlip();
    await screen.findByText(/Your balance is/);
    expect(posted[0]?.bets).toEqual([
      { bet_type: 'Exacta', race_ids: [7], amount_cents: 200, selections: [[3], [1, 2, 3, 4, 5]], box: false },
    ]);
  });

  it('should clear a column with ALL when it is all ticked, and price a trifecta wheel', async () => {
    await openBets();
    chooseType('Trifecta');
    expect(screen.getAllByRole('button', { name: /^All for/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'All for 1st',
      'All for 2nd',
      'All for 3rd',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'All for 3rd' }));
    fireEvent.click(screen.getByRole('button', { name: 'All for 3rd' }));
    expect(cell('3rd', /Silver Comet/)).not.toBeChecked();

    fireEvent.click(cell('1st', /Silver Comet/));
    fireEvent.click(cell('1st', /Red Baron/));
    fireEvent.click(cell('2nd', /Silver Comet/));
    fireEvent.click(cell('2nd', /Red Baron/));
    fireEvent.click(screen.getByRole('button', { name: 'All for 3rd' }));
    fireEvent.click(screen.getByRole('button', { name: '$1.00' }));
    // 1-2 or 2-1 over the three others: 2 × 3 = 6 combinations at $1.
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('Wheel: 6 combinations × $1.00 = $6.00');
  });

  it('should box the horses ticked in the Box column', async () => {
    await openBets();
    chooseType('Exacta');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Box' }));
    expect(screen.queryByRole('columnheader', { name: /2nd/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'All for Box' }));
    // A box of five for two positions: 5 × 4 = 20.
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('Box: 20 combinations × $2.00 = $40.00');
  });

  it('should offer the amount quick-picks the type allows, dimes for a superfecta', async () => {
    await openBets();
    const picks = () =>
      within(screen.getByRole('group', { name: 'Quick amounts' }))
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(picks()).toEqual(['$1.00', '$2.00', '$5.00', '$10.00', '$20.00']);
    fireEvent.click(screen.getByRole('button', { name: '$5.00' }));
    expect(screen.getByLabelText('Bet amount ($)')).toHaveValue(5);
    expect(screen.getByRole('button', { name: '$5.00' })).toHaveAttribute('aria-pressed', 'true');

    chooseType('Superfecta');
    expect(picks()).toEqual(['$0.10', '$0.50', '$1.00', '$2.00', '$5.00', '$10.00', '$20.00']);
    fireEvent.click(screen.getByRole('button', { name: '$0.10' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Box' }));
    fireEvent.click(screen.getByRole('button', { name: 'All for Box' }));
    // A $0.10 superfecta box of five: 120 combinations.
    expect(screen.getByTestId('bet-cost')).toHaveTextContent('Box: 120 combinations × $0.10 = $12.00');
  });

  it('should list each runner with its saddle cloth, morning line and live odds', async () => {
    await openBets();
    const row = (await screen.findByRole('cell', { name: '1 Silver Comet Jockey 1' })).closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Number 1')).toHaveTextContent('1');
    expect(within(row).getByText('2-1')).toBeInTheDocument();
    expect(await within(row).findByText('8-5')).toBeInTheDocument();
  });

  it('should refuse to add a closed race to the slip and say why', async () => {
    mockApi({
      '/api/current_races/7': () => makeRaceDetail(7, { status: 'closed' }),
      '/api/current_races/7/tote': () => makeTote(7),
    });
    renderRoute('/bets?raceId=7');
    await screen.findByRole('heading', { name: 'Bets — Aville Race 7' });
    expect(screen.getByRole('alert')).toHaveTextContent(`${BETTING_CLOSED}: it cannot be added to the slip.`);
    expect(horse(/Silver Comet/)).toBeDisabled();
    expect(addBet()).toBeDisabled();
  });

  it('should review the slip with its total and the balance after before placing', async () => {
    const posted: PlaceBetsRequest[] = [];
    await openBets({
      '/api/bets': (_url, init) => {
        posted.push(JSON.parse(String(init?.body)) as PlaceBetsRequest);
        return json(201, { idempotency_key: 'k', bets: [{}, {}], total_cents: 700, balance_cents: 99_300 });
      },
    });
    await addWinBet(/Silver Comet/);
    fireEvent.click(horse(/Red Baron/));
    fireEvent.click(screen.getByRole('button', { name: '$5.00' }));
    fireEvent.click(addBet());
    expect(screen.queryByRole('button', { name: 'Place Bet' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Review Bets' }));
    const review = screen.getByRole('region', { name: 'Review your bets' });
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['$2.00 Win #1 Silver Comet — Aville Race 7: $2.00', '$5.00 Win #2 Red Baron — Aville Race 7: $5.00']);
    expect(within(review).getByTestId('review-total')).toHaveTextContent('$7.00');
    expect(within(review).getByTestId('balance-after')).toHaveTextContent('$993.00');
    expect(posted).toHaveLength(0);
    // The bets are listed once: the slip's table waits behind Edit Slip.
    expect(screen.queryByRole('table', { name: 'Bet slip' })).not.toBeInTheDocument();

    fireEvent.click(within(review).getByRole('button', { name: 'Edit Slip' }));
    expect(screen.queryByRole('region', { name: 'Review your bets' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Bet slip' })).toBeInTheDocument();
    placeSlip();
    await screen.findByText(/Your balance is \$993\.00/);
    expect(posted).toHaveLength(1);
  });

  it('should mark a bet on the slip whose race has closed since it was added', async () => {
    mockApi({
      '/api/current_races/7': race,
      '/api/current_races/7/tote': () => makeTote(7),
      '/api/current_races/8': () => makeRaceDetail(8, { status: 'closed' }),
    });
    const bet = (raceId: number) => ({
      request: { bet_type: 'Win' as const, race_ids: [raceId], amount_cents: 200, selections: [[1]], box: false },
      horsesLabel: '#1 Silver Comet',
      raceName: `Aville Race ${raceId}`,
      combinations: 1,
      totalCents: 200,
    });
    useBetSlip.getState().add(bet(8));
    useBetSlip.getState().add(bet(7));
    renderRoute('/bets?raceId=7');
    const rows = within(await screen.findByRole('table', { name: 'Bet slip' })).getAllByRole('row');
    expect(
      await within(rows[1] as HTMLElement).findByText(`${BETTING_CLOSED}: remove it to place the others.`),
    ).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).queryByText(new RegExp(BETTING_CLOSED))).not.toBeInTheDocument();
  });

  it('should keep the pending slip through a reload, and clear it once placed', async () => {
    const first = await openBets({
      '/api/bets': () => json(201, { idempotency_key: 'k', bets: [{}], total_cents: 200, balance_cents: 99_800 }),
    });
    await addWinBet(/Silver Comet/);
    const stored = sessionStorage.getItem(BET_SLIP_STORAGE_KEY);
    expect(stored).toContain('Silver Comet');
    first.unmount();

    // A reload: the tab's memory is gone, its sessionStorage is not.
    useBetSlip.setState({ bets: [], idempotencyKey: null });
    sessionStorage.setItem(BET_SLIP_STORAGE_KEY, String(stored));
    await useBetSlip.persist.rehydrate();
    renderRoute('/bets?raceId=7');
    const slip = await screen.findByRole('table', { name: 'Bet slip' });
    expect(within(slip).getByText('#1 Silver Comet')).toBeInTheDocument();

    placeSlip();
    await screen.findByText(/Your balance is/);
    expect(JSON.parse(String(sessionStorage.getItem(BET_SLIP_STORAGE_KEY))).state.bets).toEqual([]);
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

    placeSlip();

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
    placeSlip();
    expect(await screen.findByText(/could not be placed/)).toBeInTheDocument();
    // Still in review: Place Bet again.
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
    placeSlip();

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
    placeSlip();
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
    placeSlip();
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
