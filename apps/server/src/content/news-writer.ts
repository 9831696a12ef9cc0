import type { RacePayoffs, RaceResultSummary } from '@furlong/contracts';
import { ordinal } from '@furlong/domain';
import type { RecordSaleRow } from '../auction/auction.repository';
import type { NewNewsItem } from './news.repository';

/** A Win price at or above this ($2 ticket, cents) is a big payout: a 9-1 shot or longer. */
export const BIG_WIN_CENTS = 2_000;
/** An exotic ($2 ticket, cents) paying at least this is a big payout. */
export const BIG_EXOTIC_CENTS = 20_000;

/** A horse that has won this many starts in a row (this one included) makes the news. */
export const WIN_STREAK_MIN = 3;

const STRAIGHT_TYPES = new Set(['Win', 'Place', 'Show']);

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * The news a settled race makes: a big Win price (linking to the winner), each exotic paying a big
 * $2 price, and each Pick N carried over (linking to the race). Pure: the guid names the event, so
 * the same race gives the same items however often it is looked at.
 */
export function newsOfRace(result: RaceResultSummary, payoffs: RacePayoffs): NewNewsItem[] {
  const at = new Date(result.finished_at);
  const where = `race ${result.race_number} at ${result.track_name}`;
  const raceLink = `/race/${result.current_race_id}`;
  const items: NewNewsItem[] = [];
  const winner = payoffs.win_place_show.find((p) => p.finish_position === 1);
  if (winner?.win_cents != null && winner.win_cents >= BIG_WIN_CENTS) {
    items.push({
      guid: `race-${result.current_race_id}-big-win`,
      kind: 'big_win',
      title: `${result.winner_name} pays ${dollars(winner.win_cents)} to win`,
      description: `${result.winner_name} won ${where} (${result.race_name}) at a $2 Win price of ${dollars(winner.win_cents)}.`,
      link: `/page-horse/${result.winner_horse_id}`,
      thumbnail: null,
      created_at: at,
    });
  }
  for (const pool of payoffs.pools) {
    if (STRAIGHT_TYPES.has(pool.bet_type)) continue;
    const best = pool.payoffs[0];
    if (best && best.two_dollar_payout_cents >= BIG_EXOTIC_CENTS) {
      items.push({
        guid: `race-${result.current_race_id}-${pool.bet_type}-big`,
        kind: 'big_exotic',
        title: `${pool.bet_type} pays ${dollars(best.two_dollar_payout_cents)} at ${result.track_name}`,
        description: `The ${pool.bet_type} ending with ${where} paid ${dollars(best.two_dollar_payout_cents)} for $2 on ${best.combination}.`,
        link: raceLink,
        thumbnail: null,
        created_at: at,
      });
    }
    if (pool.carried_over_cents > 0) {
      items.push({
        guid: `race-${result.current_race_id}-${pool.bet_type}-carryover`,
        kind: 'carryover',
        title: `${pool.bet_type} carryover of ${dollars(pool.carried_over_cents)} at ${result.track_name}`,
        description: `Nobody had the ${pool.bet_type} ending with ${where}: ${dollars(pool.carried_over_cents)} carries over to the next one.`,
        link: raceLink,
        thumbnail: null,
        created_at: at,
      });
    }
  }
  return items;
}

/** The rest of what a settled race makes news of, told by the modules that know it. */
export interface RaceFacts {
  /** The winner's wins in a row, this race included (1: it had not won its start before). */
  winStreak: number;
  /** The user whose stable the winner belongs to, if it is a user's horse. */
  ownerUsername: string | null;
}

/**
 * A winning streak of WIN_STREAK_MIN or more, and a user's horse winning: both link to the horse.
 * Pure, with guids naming the race, like newsOfRace.
 */
export function newsOfWinner(result: RaceResultSummary, facts: RaceFacts): NewNewsItem[] {
  const at = new Date(result.finished_at);
  const where = `race ${result.race_number} at ${result.track_name}`;
  const horseLink = `/page-horse/${result.winner_horse_id}`;
  const items: NewNewsItem[] = [];
  if (facts.winStreak >= WIN_STREAK_MIN) {
    items.push({
      guid: `race-${result.current_race_id}-win-streak`,
      kind: 'win_streak',
      title: `${result.winner_name} wins ${facts.winStreak} in a row`,
      description: `${result.winner_name} won ${where} (${result.race_name}), its ${ordinal(facts.winStreak)} win in a row.`,
      link: horseLink,
      thumbnail: null,
      created_at: at,
    });
  }
  if (facts.ownerUsername !== null) {
    items.push({
      guid: `race-${result.current_race_id}-owner-win`,
      kind: 'owner_win',
      title: `${facts.ownerUsername}’s ${result.winner_name} wins at ${result.track_name}`,
      description: `${result.winner_name}, from ${facts.ownerUsername}’s stable, won ${where} (${result.race_name}).`,
      link: horseLink,
      thumbnail: null,
      created_at: at,
    });
  }
  return items;
}

/** An auction record: links to the lot. */
export function newsOfRecordSale(sale: RecordSaleRow): NewNewsItem {
  return {
    guid: `lot-${sale.lot_id}-record`,
    kind: 'auction_record',
    title: `${sale.name} sells for a record ${dollars(sale.hammer_price_cents)}`,
    description: `${sale.name} was knocked down for ${dollars(sale.hammer_price_cents)} in ${sale.sale_name}, above the previous record of ${dollars(sale.previous_record_cents)}.`,
    link: `/auction-horses/${sale.lot_id}`,
    thumbnail: null,
    created_at: sale.hammered_at,
  };
}
