import { INVALID_BID_MESSAGE, MAX_BID_CENTS } from '@furlong/domain';
import { z } from 'zod';
import {
  defineOperation,
  idParams,
  isoDate,
  isoDateTime,
  listResponseSchema,
  queryEnum,
  queryInteger,
  queryText,
} from './api';
import type { RoomJoinRefusal } from './race-events';
import { idempotencyHeadersSchema } from './wagering';

// The horse auction (spec §1, §2.2, §2.3, §3, §5, §8): online sales of house horses and horses
// users consign from their stable, modelled on the digital sales of Fasig-Tipton, Inglis and
// Tattersalls. The rules (increments, proxy bids, reserve, soft close, hammer, commission) are the
// domain's auction.ts; funds are held through the ledger; lots update live in the room `lot:{id}`.

/** The Socket.IO room of one lot: price, leader, time left, extensions and the hammer. */
export const lotRoom = (lotId: number): string => `lot:${lotId}`;

export const SALE_KINDS = ['public', 'private'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** A lot before its sale opens, while it takes bids, and the three ways it can close. */
/** The reply to `lot:join`: the lot's state now, or why the join was refused. */
export type LotJoinReply = { ok: true; state: LotState } | RoomJoinRefusal;

export const LOT_STATUSES = ['upcoming', 'open', 'sold', 'rna', 'no_bids'] as const;
export type LotStatus = (typeof LOT_STATUSES)[number];
/** The closed statuses: the results. */
export const CLOSED_LOT_STATUSES: readonly LotStatus[] = ['sold', 'rna', 'no_bids'];

export const RESERVE_STATUSES = ['no_reserve', 'not_met', 'met'] as const;

const cents = () => z.int().min(0);
const id = () => z.int().min(1).max(2_147_483_647);

export const auctionSaleSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    kind: z.enum(SALE_KINDS),
    sale_date: isoDate(),
    description: z.string(),
    opens_at: isoDateTime(),
    first_close_at: isoDateTime(),
    last_close_at: isoDateTime().nullable(),
    status: z.enum(['upcoming', 'live', 'closed']),
    lots: z.int(),
    lots_sold: z.int(),
    gross_cents: cents(),
  })
  .meta({ id: 'AuctionSale' });
export type AuctionSale = z.infer<typeof auctionSaleSchema>;

/** What every viewer of a lot sees change: sent to `lot:{id}` on every bid, extension and the hammer. */
export const lotStateSchema = z
  .object({
    lot_id: z.int(),
    status: z.enum(LOT_STATUSES),
    /** The current price; null before the first bid. */
    price_cents: cents().nullable(),
    /** The least the next bid may be (what the Bid button shows). */
    minimum_bid_cents: cents(),
    /** The leading bidder's paddle number (a user's paddle is their user id); null: no bid yet. */
    leader_paddle: z.int().nullable(),
    bids: z.int(),
    reserve: z.enum(RESERVE_STATUSES),
    opens_at: isoDateTime(),
    closes_at: isoDateTime(),
    /** How many times a late bid has moved the close (soft close). */
    extensions: z.int(),
    /** The price at the fall of the hammer (sold or RNA); null before. */
    hammer_price_cents: cents().nullable(),
    server_time: isoDateTime(),
  })
  .meta({ id: 'LotState' });
export type LotState = z.infer<typeof lotStateSchema>;

/** One step of a lot's price, as the room hears it: the maxima behind it stay secret. */
export const lotBidSchema = z
  .object({
    seq: z.int(),
    at: isoDateTime(),
    paddle: z.int(),
    /** The lot's price after this bid, and who led then. */
    price_cents: cents(),
    leader_paddle: z.int(),
  })
  .meta({ id: 'LotBid' });
export type LotBid = z.infer<typeof lotBidSchema>;

export const auctionLotSchema = z
  .object({
    id: z.int(),
    sale_id: z.int(),
    sale_name: z.string(),
    sale_kind: z.enum(SALE_KINDS),
    lot_no: z.int(),
    horse_id: z.int().nullable(),
    name: z.string(),
    breed: z.string(),
    age: z.int(),
    gender: z.string().nullable(),
    color: z.string().nullable(),
    sire: z.string().nullable(),
    dam: z.string().nullable(),
    image: z.string().nullable(),
    description: z.string(),
    /** House lot, or consigned by a user (their username). */
    consignor: z.string(),
    starting_bid_cents: cents(),
    state: lotStateSchema,
  })
  .meta({ id: 'AuctionLot' });
export type AuctionLot = z.infer<typeof auctionLotSchema>;

export const raceRecordSchema = z
  .object({ starts: z.int(), wins: z.int(), places: z.int(), shows: z.int(), earnings_cents: z.int() })
  .meta({ id: 'LotRaceRecord' });

export const auctionLotDetailSchema = auctionLotSchema
  .extend({
    record: raceRecordSchema.nullable(),
    /** The latest steps of the price, newest first (at most 50). */
    history: z.array(lotBidSchema),
    commission_bps: z.int(),
    soft_close_seconds: z.int(),
  })
  .meta({ id: 'AuctionLotDetail' });
export type AuctionLotDetail = z.infer<typeof auctionLotDetailSchema>;

export const auctionSalesQuerySchema = z.object({
  kind: queryEnum(SALE_KINDS),
  status: queryEnum(['upcoming', 'live', 'closed'] as const),
  limit: queryInteger(1, 200, 50),
  offset: queryInteger(0, 1_000_000, 0),
});

export const auctionLotsQuerySchema = z.object({
  sale_id: queryInteger(1, 2_147_483_647),
  kind: queryEnum(SALE_KINDS),
  status: queryEnum([...LOT_STATUSES, 'closed', 'live'] as const).describe(
    "a lot status, 'closed' (sold, RNA or no bids) or 'live' (upcoming or open)",
  ),
  breed: queryText(60),
  age_min: queryInteger(0, 40),
  age_max: queryInteger(0, 40),
  price_min: queryInteger(0, MAX_BID_CENTS),
  price_max: queryInteger(0, MAX_BID_CENTS),
  q: queryText(60),
  sort: queryEnum(['closes_at', 'price', 'lot_no', 'name'] as const, 'closes_at'),
  order: queryEnum(['asc', 'desc'] as const, 'asc'),
  limit: queryInteger(1, 200, 50),
  offset: queryInteger(0, 1_000_000, 0),
});
export type AuctionLotsQuery = z.output<typeof auctionLotsQuerySchema>;

const bidAmount = () =>
  z
    .int({ error: INVALID_BID_MESSAGE })
    .min(1, { error: INVALID_BID_MESSAGE })
    .max(MAX_BID_CENTS, { error: `must be at most ${MAX_BID_CENTS} cents` });

export const placeBidBodySchema = z
  .object({
    amount_cents: bidAmount().describe('the bid, or for a maximum bid the most the system may bid for you'),
    /** `bid`: a bid of this amount; `max`: a maximum (proxy) bid the system bids up to, one increment at a time. */
    kind: z.enum(['bid', 'max']).default('bid'),
    seen_price_cents: cents()
      .max(MAX_BID_CENTS)
      .nullable()
      .describe('the price you saw when you bid (null: no bid yet); if it has moved, the bid is refused with 409'),
  })
  .meta({ id: 'PlaceBidRequest' });
export type PlaceBidBody = z.infer<typeof placeBidBodySchema>;
export type PlaceBidRequest = z.input<typeof placeBidBodySchema>;

export const placeBidResponseSchema = z
  .object({
    bid_id: z.int(),
    leading: z.boolean(),
    max_cents: cents(),
    state: lotStateSchema,
    /** The wallet after the holds this bid moved. */
    balance_cents: z.int(),
    /** True when this answer is a retry of a bid already decided with the same key. */
    replayed: z.boolean(),
  })
  .meta({ id: 'PlaceBidResponse' });
export type PlaceBidResponse = z.infer<typeof placeBidResponseSchema>;

/** /bidding: the user's lots and how they stand. */
export const myBidSchema = z
  .object({
    lot: auctionLotSchema,
    max_cents: cents(),
    leading: z.boolean(),
    /** What the wallet holds for this lot now (the maximum while leading, else 0). */
    held_cents: cents(),
    /** Won: the lot was sold to the user. */
    won: z.boolean(),
  })
  .meta({ id: 'MyAuctionBid' });
export const myBidsResponseSchema = z
  .object({ items: z.array(myBidSchema), held_cents: cents(), balance_cents: z.int() })
  .meta({ id: 'MyAuctionBids' });
export type MyBids = z.infer<typeof myBidsResponseSchema>;

export const consignBodySchema = z
  .object({
    horse_id: id(),
    starting_bid_cents: z
      .int()
      .min(10_000, { error: 'must be at least $100.00' })
      .max(MAX_BID_CENTS, { error: `must be at most ${MAX_BID_CENTS} cents` }),
    reserve_cents: z
      .int()
      .min(0)
      .max(MAX_BID_CENTS, { error: `must be at most ${MAX_BID_CENTS} cents` })
      .nullable()
      .default(null)
      .describe('secret; below it the lot is not sold (RNA). Null: no reserve'),
    description: z.string().trim().max(500, { error: 'must be at most 500 characters' }).default(''),
  })
  .superRefine((b, ctx) => {
    if (b.reserve_cents !== null && b.reserve_cents < b.starting_bid_cents) {
      ctx.addIssue({ code: 'custom', path: ['reserve_cents'], message: 'must be at least the starting bid' });
    }
  })
  .meta({ id: 'ConsignRequest' });
export type ConsignBody = z.infer<typeof consignBodySchema>;
export type ConsignRequest = z.input<typeof consignBodySchema>;

const futureDateTime = () =>
  isoDateTime().refine(
    (t) =>
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(t) && !Number.isNaN(Date.parse(t)),
    { error: 'must be an ISO 8601 date-time with a zone, e.g. 2026-11-26T18:30:00Z' },
  );

export const createSaleBodySchema = z
  .object({
    name: z.string().trim().min(3, { error: 'must be 3-80 characters' }).max(80, { error: 'must be 3-80 characters' }),
    kind: z.enum(SALE_KINDS),
    description: z.string().trim().max(1000).default(''),
    opens_at: futureDateTime().optional().describe('when bidding opens; now when left out'),
    first_close_at: futureDateTime().describe('when lot 1 closes; the others follow two minutes apart'),
    lots: z
      .array(
        z.object({
          horse_id: id(),
          starting_bid_cents: z.int().min(100).max(MAX_BID_CENTS),
          reserve_cents: z.int().min(0).max(MAX_BID_CENTS).nullable().default(null),
        }),
      )
      .min(1, { error: 'must have at least one lot' })
      .max(60, { error: 'must have at most 60 lots' }),
    /** Private sales: the usernames invited to see and bid. */
    invite: z.array(z.string().trim().min(1).max(60)).max(200).default([]),
  })
  .meta({ id: 'CreateSaleRequest' });
export type CreateSaleBody = z.infer<typeof createSaleBodySchema>;
export type CreateSaleRequest = z.input<typeof createSaleBodySchema>;

// ---------------------------------------------------------------------------------------------
// Sales contracts (spec §3: date, seller, buyer, horse, purchase price, payment days, delivery
// days, state, two signatures): the form, and the contract a sale writes at the hammer.

export const CONTRACT_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;

export const salesContractSchema = z
  .object({
    id: z.int(),
    contract_date: isoDate(),
    seller_name: z.string(),
    buyer_name: z.string(),
    horse_name: z.string(),
    purchase_price_cents: cents(),
    payment_days: z.int(),
    delivery_days: z.int(),
    state: z.string(),
    seller_signature: z.string().nullable(),
    seller_signed_at: isoDateTime().nullable(),
    buyer_signature: z.string().nullable(),
    buyer_signed_at: isoDateTime().nullable(),
    /** The lot whose hammer wrote it; null for a contract made on the form. */
    lot_id: z.int().nullable(),
    status: z.enum(['awaiting_signature', 'signed']),
    /** The signed-in user's side, and whether it is theirs to sign now. */
    your_side: z.enum(['seller', 'buyer']),
    you_may_sign: z.boolean(),
    created_at: isoDateTime(),
  })
  .meta({ id: 'SalesContract' });
export type SalesContractView = z.infer<typeof salesContractSchema>;

const signature = () =>
  z
    .string()
    .trim()
    .min(2, { error: 'type your full name to sign (2-80 characters)' })
    .max(80, { error: 'type your full name to sign (2-80 characters)' });

export const createSalesContractBodySchema = z
  .object({
    contract_date: isoDate().refine(
      (d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)),
      {
        error: 'must be a real date YYYY-MM-DD',
      },
    ),
    /** Which side the signed-in user takes; the other side is the counterparty's username. */
    your_side: z.enum(['seller', 'buyer']),
    counterparty: z.string().trim().min(1, { error: 'is required' }).max(60),
    horse_name: z.string().trim().min(1, { error: 'is required' }).max(60),
    purchase_price_cents: z.int().min(100, { error: 'must be at least $1.00' }).max(MAX_BID_CENTS),
    payment_days: z.int().min(0, { error: 'must be 0-365 days' }).max(365, { error: 'must be 0-365 days' }),
    delivery_days: z.int().min(0, { error: 'must be 0-365 days' }).max(365, { error: 'must be 0-365 days' }),
    state: z.enum(CONTRACT_STATES, { error: 'must be a US state code, e.g. KY' }),
    signature: signature(),
  })
  .meta({ id: 'CreateSalesContractRequest' });
export type CreateSalesContractBody = z.infer<typeof createSalesContractBodySchema>;
export type CreateSalesContractRequest = z.input<typeof createSalesContractBodySchema>;

export const signContractBodySchema = z.object({ signature: signature() }).meta({ id: 'SignContractRequest' });

export const salesContractsResponseSchema = z
  .object({ items: z.array(salesContractSchema) })
  .meta({ id: 'SalesContracts' });

const SESSION_401 = 'not logged in, or the session ran out';
const lotParams = idParams();

export const auctionApi = {
  sales: defineOperation({
    method: 'get',
    path: '/auction/sales',
    tags: ['auction'],
    access: 'public',
    summary: 'The sales: public ones, and private ones the signed-in user is invited to',
    query: auctionSalesQuerySchema,
    status: 200,
    response: listResponseSchema(auctionSaleSchema).meta({ id: 'AuctionSaleList' }),
    errors: { 400: 'a bad filter' },
  }),
  lots: defineOperation({
    method: 'get',
    path: '/auction-horses',
    tags: ['auction'],
    access: 'public',
    summary: 'Lots (auction horses) by sale, breed, age, price and status',
    query: auctionLotsQuerySchema,
    status: 200,
    response: listResponseSchema(auctionLotSchema).meta({ id: 'AuctionLotList' }),
    errors: { 400: 'a bad filter' },
  }),
  lot: defineOperation({
    method: 'get',
    path: '/auction-horses/{id}',
    tags: ['auction'],
    access: 'public',
    summary: 'One lot: the horse, its record, the price, time left and the bid history',
    params: lotParams,
    status: 200,
    response: auctionLotDetailSchema,
    errors: { 400: 'a bad id', 404: 'no such lot (or a private sale you are not invited to)' },
  }),
  currentBid: defineOperation({
    method: 'get',
    path: '/auction-horses/{id}/currentbid',
    tags: ['auction'],
    access: 'public',
    summary: "A lot's price, leader, minimum next bid and close (what the room `lot:{id}` sends)",
    params: lotParams,
    status: 200,
    response: lotStateSchema,
    errors: { 400: 'a bad id', 404: 'no such lot' },
  }),
  bid: defineOperation({
    method: 'post',
    path: '/auction-horses/{id}/bids',
    tags: ['auction'],
    access: 'session',
    summary: 'Bid, or leave a maximum bid; the amount is held in the wallet while it leads. Bids are binding',
    params: lotParams,
    headers: idempotencyHeadersSchema,
    body: placeBidBodySchema,
    status: 201,
    response: placeBidResponseSchema,
    errors: {
      400: 'a field is missing or wrong (each named)',
      401: SESSION_401,
      404: 'no such lot',
      409: 'the price moved (stale_price), the lot is closed or not open yet, under the minimum, your own lot, not above your standing maximum, or the wallet is short',
    },
  }),
  myBids: defineOperation({
    method: 'get',
    path: '/auction/bidding',
    tags: ['auction'],
    access: 'session',
    summary: "The user's lots: their maximum, whether they lead, what is held, what they won",
    status: 200,
    response: myBidsResponseSchema,
    errors: { 401: SESSION_401 },
  }),
  consign: defineOperation({
    method: 'post',
    path: '/auction/consignments',
    tags: ['auction'],
    access: 'session',
    summary: 'Consign a horse from your stable to the next public sale, with a starting bid and a secret reserve',
    body: consignBodySchema,
    status: 201,
    response: auctionLotSchema,
    errors: {
      400: 'a field is missing or wrong',
      401: SESSION_401,
      404: 'no such horse in your stable',
      409: 'entered in a race, already in a sale, bought within the resale lock, or no sale takes consignments',
    },
  }),
  createSale: defineOperation({
    method: 'post',
    path: '/admin/auction/sales',
    tags: ['auction', 'admin'],
    access: 'admin',
    summary: 'Make a sale (public, or private with invited users) of house horses',
    body: createSaleBodySchema,
    status: 201,
    response: auctionSaleSchema,
    errors: {
      400: 'a field is missing or wrong',
      401: SESSION_401,
      403: 'admins only',
      404: 'no such horse or user',
      409: 'a horse is in the stable of a user, or already in a sale',
    },
  }),
  contracts: defineOperation({
    method: 'get',
    path: '/sales-contracts',
    tags: ['auction'],
    access: 'session',
    summary: "The user's sales contracts, as seller or buyer",
    status: 200,
    response: salesContractsResponseSchema,
    errors: { 401: SESSION_401 },
  }),
  createContract: defineOperation({
    method: 'post',
    path: '/sales-contracts',
    tags: ['auction'],
    access: 'session',
    summary: 'The sales contract form: stored with your typed signature; the counterparty signs it',
    body: createSalesContractBodySchema,
    status: 201,
    response: salesContractSchema,
    errors: { 400: 'a field is missing or wrong', 401: SESSION_401, 404: 'no such counterparty' },
  }),
  contract: defineOperation({
    method: 'get',
    path: '/sales-contracts/{id}',
    tags: ['auction'],
    access: 'session',
    summary: 'One of your sales contracts',
    params: idParams(),
    status: 200,
    response: salesContractSchema,
    errors: { 401: SESSION_401, 404: 'no such contract of yours' },
  }),
  contractPdf: defineOperation({
    method: 'get',
    path: '/sales-contracts/{id}/pdf',
    tags: ['auction'],
    access: 'session',
    summary: 'One of your sales contracts as a PDF',
    params: idParams(),
    status: 200,
    response: null,
    file: 'application/pdf',
    errors: { 401: SESSION_401, 404: 'no such contract of yours' },
  }),
  signContract: defineOperation({
    method: 'post',
    path: '/sales-contracts/{id}/signature',
    tags: ['auction'],
    access: 'session',
    summary: 'Sign your side of a contract (a typed signature, time-stamped by the server)',
    params: idParams(),
    body: signContractBodySchema,
    status: 200,
    response: salesContractSchema,
    errors: { 400: 'a bad signature', 401: SESSION_401, 404: 'no such contract of yours', 409: 'already signed' },
  }),
};
