import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { list } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { useLotStore } from '../hooks/lot-store';
import { FakeLotSocket, makeLot, makeLotState } from '../test-fixtures';

let mockSocket = new FakeLotSocket();
jest.mock('../../../lib/socket', () => ({ getSocket: () => mockSocket }));

const BREEDS = [
  { id: 1, breed_name: 'Arabian' },
  { id: 2, breed_name: 'Thoroughbred' },
];

describe('the auction lists', () => {
  beforeEach(() => {
    asMember();
    mockSocket = new FakeLotSocket((id) => makeLotState(id));
    useLotStore.setState({ lots: {} });
  });

  it('should send the breed, age, price and status filters to the server and keep them in the address', async () => {
    const { calls } = mockApi({
      '/api/breeds': () => list(BREEDS),
      '/api/auction-horses': () => list([makeLot(1), makeLot(2)]),
    });
    const { router } = renderRoute('/auction-horses');
    expect(await screen.findByRole('link', { name: 'Gavel Dancer 2' })).toHaveAttribute('href', '/auction-horses/2');
    expect(calls.find((u) => u.pathname === '/api/auction-horses')?.searchParams.get('status')).toBe('live');
    const filters = screen.getByRole('form', { name: 'Filter lots' });

    await within(filters).findByRole('option', { name: 'Arabian' });
    fireEvent.change(within(filters).getByLabelText('Breed'), { target: { value: 'Arabian' } });
    fireEvent.change(within(filters).getByLabelText('Age from'), { target: { value: '2' } });
    fireEvent.change(within(filters).getByLabelText('to'), { target: { value: '4' } });
    fireEvent.change(within(filters).getByLabelText('Price from ($)'), { target: { value: '150' } });
    fireEvent.change(within(filters).getByLabelText('to ($)'), { target: { value: '2500.50' } });
    fireEvent.change(within(filters).getByLabelText('Status'), { target: { value: 'sold' } });

    await waitFor(() =>
      expect(
        calls
          .filter((u) => u.pathname === '/api/auction-horses')
          .at(-1)
          ?.searchParams.get('price_max'),
      ).toBe('250050'),
    );
    const last = calls.filter((u) => u.pathname === '/api/auction-horses').at(-1) as URL;
    expect(Object.fromEntries(last.searchParams)).toMatchObject({
      breed: 'Arabian',
      age_min: '2',
      age_max: '4',
      price_min: '15000',
      price_max: '250050',
      status: 'sold',
    });
    expect(router.state.location.search).toContain('breed=Arabian');
    expect(router.state.location.search).toContain('price_min=150');
  });

  it('should say so when no lot matches', async () => {
    mockApi({ '/api/breeds': () => list(BREEDS), '/api/auction-horses': () => list([]) });
    renderRoute('/auction-horses?breed=Arabian');
    expect(await screen.findByText('No lots match these filters.')).toBeInTheDocument();
  });

  it('should join the rooms of the live lots on screen and move their rows live', async () => {
    mockApi({ '/api/breeds': () => list(BREEDS), '/api/auction-horses': () => list([makeLot(1), makeLot(2)]) });
    renderRoute('/auction-horses');
    const table = await screen.findByRole('table', { name: 'Lots' });
    expect(mockSocket.joins()).toEqual([1, 2]);
    act(() =>
      mockSocket.serverSends('lot:update', makeLotState(2, { price_cents: 40_000, leader_paddle: 7, bids: 4 })),
    );
    const row = within(table).getByRole('row', { name: /Gavel Dancer 2/ });
    expect(within(row).getByText('$400.00')).toBeInTheDocument();
    expect(within(row).getByText('You lead')).toBeInTheDocument();
  });

  it("should show 'No winning bids yet.' on the results while no lot has sold", async () => {
    mockApi({
      '/api/auction-horses': () =>
        list([makeLot(4, {}, { status: 'no_bids', closes_at: new Date(Date.now() - 60_000).toISOString() })]),
    });
    renderRoute('/auction-results');
    expect(await screen.findByText('No winning bids yet.')).toBeInTheDocument();
    const passed = screen.getByRole('region', { name: 'Not sold' });
    expect(within(passed).getByText('No bids yet for this horse.')).toBeInTheDocument();
    expect(within(passed).getByText('Passed in: no bids')).toBeInTheDocument();
  });

  it('should list the sold lots with their winning bid and buyer on the results', async () => {
    mockApi({
      '/api/auction-horses': () =>
        list([
          makeLot(
            5,
            {},
            { status: 'sold', price_cents: 60_000, hammer_price_cents: 60_000, leader_paddle: 7, bids: 5 },
          ),
        ]),
    });
    renderRoute('/auction-results');
    const sold = await screen.findByRole('region', { name: 'Sold' });
    expect(await within(sold).findByText('$600.00')).toBeInTheDocument();
    expect(within(sold).getByText('You')).toBeInTheDocument();
  });

  it('should show on /bidding whether the user leads, live, and what is held', async () => {
    mockApi({
      '/api/auction/bidding': () => ({
        items: [
          {
            lot: makeLot(1, {}, { price_cents: 20_000, leader_paddle: 7, bids: 2 }),
            max_cents: 50_000,
            leading: true,
            held_cents: 50_000,
            won: false,
          },
        ],
        held_cents: 50_000,
        balance_cents: 50_000,
      }),
    });
    renderRoute('/bidding');
    const table = await screen.findByRole('table', { name: 'Your bids' });
    expect(within(table).getByText('You lead')).toBeInTheDocument();
    act(() =>
      mockSocket.serverSends('lot:update', makeLotState(1, { price_cents: 60_000, leader_paddle: 9, bids: 4 })),
    );
    expect(within(table).getByText('Outbid')).toBeInTheDocument();
    expect(within(table).getByText('$600.00')).toBeInTheDocument();
  });

  it('should say when the user has not bid yet', async () => {
    mockApi({ '/api/auction/bidding': () => ({ items: [], held_cents: 0, balance_cents: 100_000 }) });
    renderRoute('/bidding');
    expect(await screen.findByText(/You have not bid on any lot yet/)).toBeInTheDocument();
  });

  it('should list the leading bids highest first, a lot without bids saying so', async () => {
    const { calls } = mockApi({
      '/api/auction-horses': () =>
        list([makeLot(1, {}, { price_cents: 90_000, leader_paddle: 3, bids: 6 }), makeLot(2)]),
    });
    renderRoute('/current-highest-bid');
    const table = await screen.findByRole('table', { name: 'Leading bids' });
    expect(within(table).getByText('$900.00')).toBeInTheDocument();
    expect(within(table).getByText('No bids yet for this horse.')).toBeInTheDocument();
    expect(Object.fromEntries(calls.at(-1)?.searchParams ?? [])).toMatchObject({ sort: 'price', order: 'desc' });
  });
});
