import type { BetView, RacePayoffs, ResultPool } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { useMyRaceBets } from '../../../api/my-race-bets';
import { useRacePayoffs } from '../../../api/race-payoffs';
import { DeadHeatMark } from '../../../components/ui/dead-heat';
import { PostChip } from '../../../components/ui/post-chip';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { betSelectionsText } from '../../../lib/bet-text';
import { formatCents } from '../../../lib/format';

const STRAIGHT = ['Win', 'Place', 'Show'] as const;
/** A Pick N consolation can be shared by many sequences: the first few are listed, then a count. */
const COMBINATIONS_SHOWN = 3;

export const PAYOFF_MESSAGES = {
  loading: 'Loading payoffs...',
  settling: 'The pools are being settled: prices appear in a moment.',
  error: 'Could not load the payoffs.',
  noPools: 'No pools were open on this race.',
  noBets: 'You had no bets on this race.',
  betsError: 'Could not load your bets on this race.',
} as const;

/** "$1", "10¢": a base amount as a tote board quotes it. */
export function baseLabel(cents: number): string {
  return cents < 100 ? `${cents}¢` : formatCents(cents).replace(/\.00$/, '');
}

/**
 * A fallback class as a board says it: '3-*' → "3-any", '*-5' → "any-5", '4/6-*' → "4 or 6-any".
 */
export function classText(pattern: string): string {
  return pattern
    .split('-')
    .map((slot) => (slot === '*' ? 'any' : slot.split('/').join(' or ')))
    .join('-');
}

/** What became of a pool that paid no winning combination, in a sentence. */
export function poolNote(pool: ResultPool): string | null {
  switch (pool.outcome) {
    case 'fallback': {
      const pattern = pool.payoffs[0]?.paid_class;
      if ((STRAIGHT as readonly string[]).includes(pool.bet_type)) {
        return `No winning ticket: paid on ${pool.payoffs.map((p) => p.paid_class ?? p.combination).join(' and ')}, the next finisher`;
      }
      return `No winning ticket: paid ${pattern ? classText(pattern) : 'the next class'} by the fallback rule`;
    }
    case 'refunded':
      return 'No winning ticket: every ticket refunded';
    case 'carried_over':
      return `No winning ticket: ${formatCents(pool.carried_over_cents)} carried over to the next ${pool.bet_type} at this track`;
    case 'pending':
      return 'Not settled yet';
    case 'not_recorded':
      return 'Settled before payoffs were kept: prices not recorded';
    case 'paid':
    case 'consolation':
      return null;
  }
}

/**
 * The result board's payoffs: the $2 Win, Place and Show prices of the first three, each exotic
 * pool's winning combination(s) per its base amount and per $2 (the double and Pick N that end with
 * this race included), the pool totals, and plainly what happened where no ticket won.
 */
export function PayoffsSection({ raceId }: { raceId: number }) {
  const payoffs = useRacePayoffs(raceId);
  return (
    <section aria-labelledby="payoffs" className="result-tables">
      <h2 id="payoffs">Payoffs</h2>
      {payoffs.isPending ? (
        <Loading text={PAYOFF_MESSAGES.loading} />
      ) : payoffs.isError ? (
        <ErrorMessage error={payoffs.error} text={PAYOFF_MESSAGES.error} />
      ) : (
        <PayoffTables payoffs={payoffs.data} />
      )}
    </section>
  );
}

function PayoffTables({ payoffs }: { payoffs: RacePayoffs }) {
  if (payoffs.pools.length === 0) return <EmptyState>{PAYOFF_MESSAGES.noPools}</EmptyState>;
  const straightPools = STRAIGHT.map((t) => payoffs.pools.find((p) => p.bet_type === t)).filter(
    (p): p is ResultPool => p !== undefined,
  );
  const exotics = payoffs.pools.filter((p) => !(STRAIGHT as readonly string[]).includes(p.bet_type));
  return (
    <>
      {payoffs.settled ? null : (
        <p className="status status-loading" role="status">
          {PAYOFF_MESSAGES.settling}
        </p>
      )}
      <div className="table-scroll">
        <table className="payoff-table straight-prices">
          <caption>Win, Place and Show ($2)</caption>
          <thead>
            <tr>
              <th scope="col">Fin</th>
              <th scope="col">Horse</th>
              <th scope="col" className="num">
                Win
              </th>
              <th scope="col" className="num">
                Place
              </th>
              <th scope="col" className="num">
                Show
              </th>
            </tr>
          </thead>
          <tbody>
            {payoffs.win_place_show.map((r) => (
              <tr key={r.post_position}>
                <td className="num">
                  {r.finish_position}
                  {payoffs.win_place_show.filter((x) => x.finish_position === r.finish_position).length > 1 ? (
                    <DeadHeatMark />
                  ) : null}
                </td>
                <td>
                  <PostChip post={r.post_position} /> {r.horse_name}
                </td>
                <td className="num">{r.win_cents === null ? '' : formatCents(r.win_cents)}</td>
                <td className="num">{r.place_cents === null ? '' : formatCents(r.place_cents)}</td>
                <td className="num">{r.show_cents === null ? '' : formatCents(r.show_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="pool-totals" aria-label="Win, place and show pools">
        {straightPools.map((p) => (
          <li key={p.bet_type}>
            {p.bet_type} pool {formatCents(p.gross_cents)}
            {poolNote(p) ? ` (${poolNote(p)})` : ''}
          </li>
        ))}
      </ul>
      {exotics.length > 0 ? <ExoticsTable pools={exotics} /> : null}
    </>
  );
}

function ExoticsTable({ pools }: { pools: ResultPool[] }) {
  return (
    <div className="table-scroll">
      <table className="payoff-table exotic-payoffs">
        <caption>Exotics</caption>
        <thead>
          <tr>
            <th scope="col">Wager</th>
            <th scope="col">Winning combination</th>
            <th scope="col" className="num">
              Payoff
            </th>
            <th scope="col" className="num">
              Per $2
            </th>
            <th scope="col" className="num">
              Pool
            </th>
          </tr>
        </thead>
        <tbody>{pools.flatMap((pool) => exoticRows(pool))}</tbody>
      </table>
    </div>
  );
}

function exoticRows(pool: ResultPool) {
  const wager = `${baseLabel(pool.base_amount_cents)} ${pool.bet_type}`;
  const total = (
    <>
      {formatCents(pool.gross_cents)}
      {pool.carryover_in_cents > 0 ? (
        <span className="pool-carryover"> + {formatCents(pool.carryover_in_cents)} carryover</span>
      ) : null}
    </>
  );
  const key = pool.race_ids.join('-') + pool.bet_type;
  const note = poolNote(pool);
  if (pool.outcome === 'fallback' && pool.payoffs[0]) {
    // One price for the whole class: one row, the class for its combination.
    const p = pool.payoffs[0];
    return [
      <tr key={key} className="pool-fallback">
        <th scope="row">{wager}</th>
        <td>
          {classText(p.paid_class ?? p.combination)} <span className="pool-fallback-note">({note})</span>
        </td>
        <td className="num">{formatCents(p.base_payout_cents)}</td>
        <td className="num">{formatCents(p.two_dollar_payout_cents)}</td>
        <td className="num">{total}</td>
      </tr>,
    ];
  }
  if (note !== null || pool.payoffs.length === 0) {
    return [
      <tr key={key} className="pool-no-winner">
        <th scope="row">{wager}</th>
        <td colSpan={3}>{note ?? 'No winning combination'}</td>
        <td className="num">{total}</td>
      </tr>,
    ];
  }
  const shown = pool.payoffs.slice(0, COMBINATIONS_SHOWN);
  const more = pool.payoffs.length - shown.length;
  const correct = pool.payoffs[0]?.races_correct;
  const consolation =
    pool.outcome === 'consolation' && correct !== null && correct !== undefined
      ? ` (${correct} of ${pool.race_ids.length} correct)`
      : '';
  return shown.map((p, i) => (
    <tr key={`${key}:${p.combination}`}>
      {i === 0 ? (
        <th scope="row" rowSpan={shown.length}>
          {wager}
          {consolation}
        </th>
      ) : null}
      <td>
        {p.combination}
        {i === shown.length - 1 && more > 0 ? <span className="more-combinations"> and {more} more</span> : null}
      </td>
      <td className="num">{formatCents(p.base_payout_cents)}</td>
      <td className="num">{formatCents(p.two_dollar_payout_cents)}</td>
      {i === 0 ? (
        <td className="num" rowSpan={shown.length}>
          {total}
        </td>
      ) : null}
    </tr>
  ));
}

/**
 * What a bet came to, with what it was paid: "Won $8.40", "Lost", "Refunded $2.00", "Pending"; and
 * what scratches gave back of it: "Lost; $4.00 refunded for a scratch".
 */
export function outcomeText(bet: BetView): string {
  const scratch = bet.refunded_cents > 0 ? `; ${formatCents(bet.refunded_cents)} refunded for a scratch` : '';
  switch (bet.status) {
    case 'won':
      return `Won ${formatCents(bet.payout_cents)}${scratch}`;
    case 'refunded':
      return `Refunded ${formatCents(bet.payout_cents + bet.refunded_cents)}`;
    case 'lost':
      return `Lost${scratch}`;
    case 'pending':
      return `Pending${scratch}`;
  }
}

/** The signed-in user's bets with a leg in this race, with what each came to. */
export function MyRaceBetsSection({ raceId }: { raceId: number }) {
  const bets = useMyRaceBets(raceId);
  return (
    <section aria-labelledby="my-race-bets" className="result-tables">
      <h2 id="my-race-bets">Your bets</h2>
      {bets.isPending ? (
        <Loading text="Loading your bets..." />
      ) : bets.isError ? (
        <ErrorMessage error={bets.error} text={PAYOFF_MESSAGES.betsError} />
      ) : bets.data.items.length === 0 ? (
        <EmptyState>{PAYOFF_MESSAGES.noBets}</EmptyState>
      ) : (
        <MyBetsTable bets={bets.data.items} raceId={raceId} />
      )}
    </section>
  );
}

function MyBetsTable({ bets, raceId }: { bets: BetView[]; raceId: number }) {
  const cost = bets.reduce((s, b) => s + b.total_cents, 0);
  // Scratch refunds came back at the scratch, settled or not.
  const back = bets.reduce((s, b) => s + (b.status === 'pending' ? 0 : b.payout_cents) + b.refunded_cents, 0);
  return (
    <>
      <div className="table-scroll">
        <table className="payoff-table my-race-bets">
          <caption className="visually-hidden">Your bets on this race</caption>
          <thead>
            <tr>
              <th scope="col">Bet</th>
              <th scope="col">Horses</th>
              <th scope="col" className="num">
                Cost
              </th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {bets.map((b) => (
              <tr key={b.id} className={`bet-${b.status}`}>
                <td>
                  {baseLabel(b.amount_cents)} {b.bet_type}
                  {b.legs.length > 1 ? <LegsNote bet={b} raceId={raceId} /> : null}
                </td>
                <td className="bet-horses">{betSelectionsText(b)}</td>
                <td className="num">{formatCents(b.total_cents)}</td>
                <td>{outcomeText(b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="my-bets-summary">
        Staked {formatCents(cost)}, paid back {formatCents(back)}. <Link to="/user-bets">Betting history</Link>
      </p>
    </>
  );
}

/** Which legs a multi-race bet has, this race marked; a leg still to run says so. */
function LegsNote({ bet, raceId }: { bet: BetView; raceId: number }) {
  const index = bet.legs.findIndex((l) => l.current_race_id === raceId);
  const last = bet.legs.at(-1);
  return (
    <span className="bet-legs">
      {' '}
      (leg {index + 1} of {bet.legs.length}
      {bet.status === 'pending' && last && last.current_race_id !== raceId ? `; settles after ${last.race_name}` : ''})
    </span>
  );
}
