import { INVALID_BID_MESSAGE } from '@furlong/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { json } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useLotStore } from '../hooks/lot-store';
import { FakeLotSocket, makeLotDetail, makeLotState } from '../test-fixtures';

let mockSocket = new FakeLotSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const bidForm = () => screen.getByRole('form', { name: 'Bid on this lot' });
const price = () => screen.getByRole('status', { name: 'Current price' });

describe('LotPage', () => {
  beforeEach(() => {
    asMember();
    mockSocket = new FakeLotSocket();
    useLotStore.setState({ lots: {} });
  });

  it('should show the horse, its record and pedigree, and the spec message when no one has bid', async () => {
    mockApi({ '/api/auction-horses/1': () => makeLotDetail(1) });
    renderRoute('/auction-horses/1');
    expect(await screen.findByRole('heading', { name: 'Lot 1: Gavel Dancer 1' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Picture of Gavel Dancer 1/ })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Pedigree' })).getByText('Storm Cat')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Race record' })).getByText('$12,500.00')).toBeInTheDocument();
    expect(screen.getByText('No bids yet for this horse.')).toBeInTheDocument();
    expect(price()).toHaveTextContent('No bids yet');
  });

  it('should show the amount on the Bid button: the next bid, then what is typed', async () => {
    mockApi({ '/api/auction-horses/1': () => makeLotDetail(1) });
    renderRoute('/auction-horses/1');
    await screen.findByRole('form', { name: 'Bid on this lot' });
    expect(within(bidForm()).getByRole('button', { name: 'Bid $100.00' })).toBeInTheDocument();
    fireEvent.change(within(bidForm()).getByLabelText('Your bid (USD)'), { target: { value: '1,250' } });
    expect(within(bidForm()).getByRole('button', { name: 'Bid $1,250.00' })).toBeInTheDocument();
    expect(within(bidForm()).getByRole('button', { name: 'Max bid $1,250.00' })).toBeInTheDocument();
  });

  it("should refuse an amount that is not one with the spec's message, and send nothing", async () => {
    const { calls } = mockApi({ '/api/auction-horses/1': () => makeLotDetail(1) });
    renderRoute('/auction-horses/1');
    await screen.findByRole('form', { name: 'Bid on this lot' });
    for (const bad of ['-5', 'abc', '0']) {
      fireEvent.change(within(bidForm()).getByLabelText('Your bid (USD)'), { target: { value: bad } });
      fireEvent.click(within(bidForm()).getByRole('button', { name: 'Bid' }));
      expect(within(bidForm()).getByRole('alert')).toHaveTextContent(INVALID_BID_MESSAGE);
    }
    expect(within(bidForm()).getByLabelText('Your bid (USD)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((u) => u.pathname.endsWith('/bids'))).toHaveLength(0);
  });

  it('should bid with the price seen and an Idempotency-Key, and say the user leads', async () => {
    let sent: { body: unknown; key: string | null } | null = null;
    mockApi({
      '/api/auction-horses/1/bids': (_url, init) => {
        sent = { body: JSON.parse(String(init?.body)), key: new Headers(init?.headers).get('Idempotency-Key') };
        return json(201, {
          bid_id: 9,
          leading: true,
          max_cents: 10_000,
          state: makeLotState(1, { price_cents: 10_000, leader_paddle: 7, bids: 1, minimum_bid_cents: 20_000 }),
          balance_cents: 90_000,
          replayed: false,
        });
      },
      '/api/auction-horses/1': () => makeLotDetail(1),
    });
    renderRoute('/auction-horses/1');
    await screen.findByRole('form', { name: 'Bid on this lot' });
    fireEvent.click(within(bidForm()).getByRole('button', { name: 'Bid $100.00' }));
    expect(await screen.findByText('You lead at $100.00.')).toBeInTheDocument();
    expect(sent).toMatchObject({ body: { amount_cents: 10_000, kind: 'bid', seen_price_cents: null } });
    expect((sent as unknown as { key: string }).key).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
    expect(price()).toHaveTextContent('$100.00');
    expect(within(bidForm()).getByRole('button', { name: 'Bid $200.00' })).toBeInTheDocument();
  });

  it('should take the live state and say the price moved when the server answers stale_price', async () => {
    const keys: string[] = [];
    let bids = 0;
    mockApi({
      '/api/auction-horses/1/currentbid': () =>
        makeLotState(1, { price_cents: 30_000, leader_paddle: 8, bids: 3, minimum_bid_cents: 40_000 }),
      '/api/auction-horses/1/bids': (_url, init) => {
        bids += 1;
        keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
        return json(409, {
          statusCode: 409,
          message: 'The price has moved to $300.00: the next bid is at least $400.00.',
          reason: 'stale_price',
        });
      },
      '/api/auction-horses/1': () => makeLotDetail(1),
    });
    renderRoute('/auction-horses/1');
    await screen.findByRole('form', { name: 'Bid on this lot' });
    fireEvent.change(within(bidForm()).getByLabelText('Your bid (USD)'), { target: { value: '200' } });
    fireEvent.click(within(bidForm()).getByRole('button', { name: 'Bid $200.00' }));

    const notice = await within(bidForm()).findByText('The price moved while you were bidding.');
    expect(notice.parentElement).toHaveTextContent('the next bid is at least $400.00');
    // The live state is adopted: the price, leader and the next bid are the server's.
    expect(await screen.findByText('Paddle 8')).toBeInTheDocument();
    expect(price()).toHaveTextContent('$300.00');
    fireEvent.change(within(bidForm()).getByLabelText('Your bid (USD)'), { target: { value: '' } });
    expect(within(bidForm()).getByRole('button', { name: 'Bid $400.00' })).toBeInTheDocument();
    // The refusal placed nothing: the next bid goes with a new key.
    fireEvent.click(within(bidForm()).getByRole('button', { name: 'Bid $400.00' }));
    await screen.findAllByText('The price moved while you were bidding.');
    await act(async () => {});
    expect(bids).toBe(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('should move the price, leader and close live from lot:update, show Extended and then the hammer', async () => {
    mockSocket = new FakeLotSocket((id) => makeLotState(id));
    mockApi({ '/api/auction-horses/1': () => makeLotDetail(1) });
    renderRoute('/auction-horses/1');
    await screen.findByRole('form', { name: 'Bid on this lot' });
    expect(mockSocket.joins()).toEqual([1]);

    act(() =>
      mockSocket.serverSends(
        'lot:update',
        makeLotState(1, { price_cents: 15_000, leader_paddle: 7, bids: 2, minimum_bid_cents: 25_000 }),
      ),
    );
    expect(price()).toHaveTextContent('$150.00');
    expect(screen.getByText('You lead')).toBeInTheDocument();
    expect(within(bidForm()).getByRole('button', { name: 'Bid $250.00' })).toBeInTheDocument();

    act(() =>
      mockSocket.serverSends(
        'lot:update',
        makeLotState(1, { price_cents: 25_000, leader_paddle: 9, bids: 3, extensions: 1, minimum_bid_cents: 35_000 }),
      ),
    );
    expect(price()).toHaveTextContent('$250.00');
    expect(screen.getByText('Paddle 9')).toBeInTheDocument();
    expect(screen.getByText('Extended')).toBeInTheDocument();

    // A late join reply with an older state does not undo what was heard.
    act(() => mockSocket.dropAndReconnect());
    expect(price()).toHaveTextContent('$250.00');

    act(() =>
      mockSocket.serverSends(
        'lot:update',
        makeLotState(1, { status: 'sold', price_cents: 25_000, hammer_price_cents: 25_000, leader_paddle: 9, bids: 3 }),
      ),
    );
    expect(screen.getAllByText('Sold for $250.00').length).toBeGreaterThan(0);
    expect(screen.queryByRole('form', { name: 'Bid on this lot' })).not.toBeInTheDocument();
    expect(mockSocket.joins()).toEqual([1, 1]);
  });
});
