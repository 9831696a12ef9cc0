import type { RacePayoffs, RaceResultSummary } from '@furlong/contracts';
import type { NewNewsItem } from './news.repository';

/** A Win price at or above this ($2 ticket, cents) is a big payout: a 9-1 shot or longer. */
export const BIG_WIN_CENTS = 2_000;
/** An exotic ($2 ticket, cents) paying at least this is a big payout. */
export const BIG_EXOTIC_CENTS = 20_000;

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
