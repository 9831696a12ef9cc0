import { BET_STATUSES } from '@furlong/contracts';
import { BET_TYPES } from '@furlong/domain';

// OpenAPI schemas of the wagering requests and responses (the types are in @furlong/contracts/wagering).
type Schema = Record<string, unknown>;

const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
const array = (items: Schema): Schema => ({ type: 'array', items });
const object = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  required: Object.keys(properties),
  properties,
});

const betType: Schema = { type: 'string', enum: BET_TYPES.map((t) => t.name) };
const status: Schema = { type: 'string', enum: [...BET_STATUSES] };
const selections: Schema = {
  ...array(array(int)),
  description: 'program numbers per slot: one list (Win/Place/Show/Quinella/box), one per position, or one per leg',
  example: [[4], [1, 7]],
};

export const PLACE_BETS_REQUEST_SCHEMA = object({
  bets: array(
    object({
      bet_type: betType,
      race_ids: { ...array(int), description: 'one per leg, in order' },
      amount_cents: { type: 'integer', description: 'base amount per combination', example: 200 },
      selections,
      box: bool,
    }),
  ),
});

const PLACED_BET = object({
  id: int,
  slip_index: int,
  bet_type: betType,
  race_ids: array(int),
  selections,
  box: bool,
  amount_cents: int,
  combinations: int,
  total_cents: int,
  status,
});

export const PLACE_BETS_RESPONSE_SCHEMA = object({
  idempotency_key: str,
  bets: array(PLACED_BET),
  total_cents: int,
  balance_cents: int,
});

const BET_VIEW = object({
  id: int,
  bet_date: { type: 'string', format: 'date-time' },
  bet_type: betType,
  legs: array(
    object({
      leg: int,
      current_race_id: int,
      race_name: str,
      race_number: int,
      race_date: { type: 'string', format: 'date' },
      post_time: { type: 'string', format: 'date-time' },
      track_id: int,
      track_name: str,
      status: str,
    }),
  ),
  selections,
  box: bool,
  amount_cents: int,
  combinations: int,
  total_cents: int,
  status,
  payout_cents: int,
  settled_at: nullable({ type: 'string', format: 'date-time' }),
});

export const BET_LIST_SCHEMA = object({ items: array(BET_VIEW), total: int, limit: int, offset: int });

export const TOTE_SCHEMA = object({
  race_id: int,
  status: str,
  frozen: bool,
  as_of: { type: 'string', format: 'date-time' },
  pools: array(
    object({
      bet_type: betType,
      race_ids: array(int),
      gross_cents: int,
      takeout: num,
      net_cents: int,
      carryover_cents: int,
    }),
  ),
  runners: array(
    object({
      post_position: int,
      horse_name: str,
      morning_line: { type: 'string', example: '5-2' },
      win_cents: int,
      place_cents: int,
      show_cents: int,
      win_odds: nullable(num),
      win_odds_display: nullable(str),
    }),
  ),
  exacta_probables: array(object({ first: int, second: int, payout_cents: nullable(int) })),
  daily_double: nullable(
    object({
      race_ids: array(int),
      leg1_winner: nullable(int),
      second: array(int),
      rows: array(object({ first: int, payouts_cents: array(nullable(int)) })),
    }),
  ),
  pick_will_pays: array(
    object({
      bet_type: betType,
      race_ids: array(int),
      carryover_cents: int,
      winners: nullable(array(int)),
      will_pays: nullable(array(object({ post_position: int, payout_cents: nullable(int) }))),
    }),
  ),
});
