import type { AuctionLot, AuctionLotDetail, LotState, SalesContractView } from '@furlong/contracts';
import { FakeSocket } from '../../../test/fake-socket';

// Test data for the auction's web tests: one builder per thing the auction API answers.

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export function makeLotState(lotId: number, patch: Partial<LotState> = {}): LotState {
  return {
    lot_id: lotId,
    status: 'open',
    price_cents: null,
    minimum_bid_cents: 10_000,
    leader_paddle: null,
    bids: 0,
    reserve: 'no_reserve',
    opens_at: inMinutes(-10),
    closes_at: inMinutes(5),
    extensions: 0,
    hammer_price_cents: null,
    server_time: new Date().toISOString(),
    ...patch,
  };
}

export function makeLot(id: number, patch: Partial<AuctionLot> = {}, state: Partial<LotState> = {}): AuctionLot {
  return {
    id,
    sale_id: 3,
    sale_name: 'Autumn Digital Sale',
    sale_kind: 'public',
    lot_no: id,
    horse_id: 100 + id,
    name: `Gavel Dancer ${id}`,
    breed: 'Thoroughbred',
    age: 3,
    gender: 'female',
    color: 'bay',
    sire: 'Storm Cat',
    dam: 'Miss Prospector',
    image: null,
    description: 'A scopey filly with a good walk.',
    consignor: 'Furlong House',
    starting_bid_cents: 10_000,
    state: makeLotState(id, state),
    ...patch,
  };
}

export function makeLotDetail(
  id: number,
  patch: Partial<AuctionLotDetail> = {},
  state: Partial<LotState> = {},
): AuctionLotDetail {
  return {
    ...makeLot(id, {}, state),
    record: { starts: 4, wins: 1, places: 1, shows: 0, earnings_cents: 1_250_000 },
    history: [],
    commission_bps: 500,
    soft_close_seconds: 120,
    ...patch,
  };
}

export function makeContract(id: number, patch: Partial<SalesContractView> = {}): SalesContractView {
  return {
    id,
    contract_date: '2026-11-26',
    seller_name: 'Furlong House',
    buyer_name: 'Test member',
    horse_name: 'Gavel Dancer 1',
    purchase_price_cents: 250_000,
    payment_days: 0,
    delivery_days: 7,
    state: 'KY',
    seller_signature: 'Furlong House',
    seller_signed_at: '2026-11-26T18:00:00.000Z',
    buyer_signature: 'Test member',
    buyer_signed_at: '2026-11-26T18:00:00.000Z',
    lot_id: 1,
    status: 'signed',
    your_side: 'buyer',
    you_may_sign: false,
    created_at: '2026-11-26T18:00:00.000Z',
    ...patch,
  };
}

/** The tab's socket in auction page tests: lot:join answers with the lot's state (or times out without `state`). */
export class FakeLotSocket extends FakeSocket {
  constructor(state?: (lotId: number) => LotState) {
    super();
    if (state) this.replies.set('lot:join', (lotId) => ({ ok: true, state: state(lotId as number) }));
  }

  joins(): number[] {
    return this.argsOf('lot:join') as number[];
  }
}
