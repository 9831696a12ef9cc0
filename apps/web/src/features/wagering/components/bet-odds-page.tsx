import type { DailyDoubleProbables, PickWillPays, ToteView } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { useCurrentRace } from '../../../api/current-race';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading, ReconnectingNotice } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { useOddsFormatter } from '../../../lib/settings';
import { useFairOdds } from '../api/fair-odds';
import { useLiveTote } from '../hooks/use-live-tote';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { BetClock, clockTime } from './bet-clock';
import { FairOddsCell, FairOddsLegend, fairOddsView, OverlayBadge, overlayOf } from './fair-odds';
import { NO_RACE_DATA } from './race-details-page';

/**
 * /bet-odds: the live tote of the race in context (or ?raceId=): win odds, pools, exacta and daily
 * double probables, and the will-pays of the Pick N ending at this race.
 */
export function BetOddsPage() {
  const raceId = useRaceIdInContext();
  const race = useCurrentRace(raceId);
  const { tote, live, error, isPending } = useLiveTote(raceId);

  const title = race.data ? `Bet Odds — ${race.data.race_name}` : 'Bet Odds';
  if (raceId === null) {
    return (
      <Page title={title}>
        <EmptyState>{NO_RACE_DATA}</EmptyState>
      </Page>
    );
  }
  return (
    <Page
      title={title}
      actions={
        <>
          <Link className="button" to={`/bets?raceId=${raceId}`}>
            Place Bet
          </Link>
          <BackButton />
        </>
      }
    >
      {race.data ? <BetClock postTime={race.data.post_time} /> : null}
      <ReconnectingNotice what="the live tote" />
      {isPending ? (
        <Loading text="Loading the tote board..." />
      ) : !tote ? (
        <ErrorMessage error={error} text="The tote board is not available." />
      ) : (
        <ToteBoard tote={tote} live={live} />
      )}
    </Page>
  );
}

function freshness(tote: ToteView, live: boolean): string {
  if (tote.status === 'scheduled') return 'Betting has not opened yet.';
  if (tote.frozen) return 'Final odds: betting is closed.';
  // Closed, and the close is freezing the pools (with the crowd's last money): final in a moment.
  if (tote.status !== 'open') return 'Betting is closed: the final odds follow in a moment.';
  return live ? 'Live odds.' : 'Odds refresh every 5 seconds.';
}

/**
 * The board's freshness and the win odds per runner beside the morning line and the engine's fair
 * odds (an overlay badge where the live odds beat them), with the money to win, place and show.
 */
export function WinOdds({ tote, live }: { tote: ToteView; live: boolean }) {
  const fair = useFairOdds(tote.race_id);
  const view = fairOddsView(fair.data, fair.isPending);
  const shown = useOddsFormatter().fromFraction;
  return (
    <>
      <p className="hint" aria-live="polite">
        {freshness(tote, live)} As of {clockTime(tote.as_of)}.
      </p>
      <div className="table-scroll">
        <table>
          <caption>Win odds</caption>
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Horse</th>
              <th scope="col">Morning line</th>
              <th scope="col">Odds</th>
              <th scope="col">
                <abbr title="Fair odds from the engine's simulated runs (win chance)">Fair</abbr>
              </th>
              <th scope="col">Win pool</th>
              <th scope="col">Place pool</th>
              <th scope="col">Show pool</th>
            </tr>
          </thead>
          <tbody>
            {tote.runners.map((r) => (
              <tr key={r.post_position}>
                <td>{r.post_position}</td>
                <td>{r.horse_name}</td>
                <td>{shown(r.morning_line)}</td>
                <td className="tote-odds">
                  {shown(r.win_odds_display)}
                  {overlayOf(view, r.post_position, r.win_odds) ? (
                    <>
                      {' '}
                      <OverlayBadge />
                    </>
                  ) : null}
                </td>
                <FairOddsCell view={view} post={r.post_position} />
                <td className="num">{formatCents(r.win_cents)}</td>
                <td className="num">{formatCents(r.place_cents)}</td>
                <td className="num">{formatCents(r.show_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FairOddsLegend view={view} />
    </>
  );
}

/** Exacta combinations shown: the backed ones, shortest price first (the board of 12 runners has 132). */
export const PROBABLES_SHOWN = 20;

export function ToteBoard({ tote, live }: { tote: ToteView; live: boolean }) {
  const probables = tote.exacta_probables
    .flatMap((e) => (e.payout_cents === null ? [] : [{ ...e, payout_cents: e.payout_cents }]))
    .sort((a, b) => a.payout_cents - b.payout_cents)
    .slice(0, PROBABLES_SHOWN);
  return (
    <div className="tote-board">
      <WinOdds tote={tote} live={live} />
      <div className="table-scroll">
        <table>
          <caption>Pools</caption>
          <thead>
            <tr>
              <th scope="col">Bet type</th>
              <th scope="col">Races</th>
              <th scope="col">Gross</th>
              <th scope="col">Takeout</th>
              <th scope="col">Carryover</th>
              <th scope="col">Net</th>
            </tr>
          </thead>
          <tbody>
            {tote.pools.map((p) => (
              <tr key={`${p.bet_type}-${p.race_ids.join('-')}`}>
                <td>{p.bet_type}</td>
                <td>{p.race_ids.join(', ')}</td>
                <td className="num">{formatCents(p.gross_cents)}</td>
                <td className="num">{(p.takeout * 100).toFixed(1)}%</td>
                <td className="num">{p.carryover_cents > 0 ? formatCents(p.carryover_cents) : '—'}</td>
                <td className="num">{formatCents(p.net_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {probables.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Exacta probables ($2, shortest {probables.length})</caption>
            <thead>
              <tr>
                <th scope="col">First</th>
                <th scope="col">Second</th>
                <th scope="col">Pays</th>
              </tr>
            </thead>
            <tbody>
              {probables.map((e) => (
                <tr key={`${e.first}-${e.second}`}>
                  <td>{e.first}</td>
                  <td>{e.second}</td>
                  <td className="num">{formatCents(e.payout_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {tote.daily_double ? <DailyDoubleBoard double={tote.daily_double} /> : null}
      {tote.pick_will_pays.map((p) => (
        <WillPaysBoard key={p.bet_type} pick={p} />
      ))}
    </div>
  );
}

const payout = (cents: number | null) => (cents === null ? '—' : formatCents(cents));

/** The double starting at this race: $2 payouts, leg-1 horses down, leg-2 horses across. */
function DailyDoubleBoard({ double }: { double: DailyDoubleProbables }) {
  if (double.rows.length === 0) return null;
  return (
    <div className="table-scroll">
      <table>
        <caption>
          Daily Double probables ($2, races {double.race_ids.join(' and ')})
          {double.leg1_winners === null ? '' : `: leg 1 won by ${double.leg1_winners.join(' DH ')}`}
        </caption>
        <thead>
          <tr>
            <th scope="col">Leg 1 / Leg 2</th>
            {double.second.map((s) => (
              <th key={s} scope="col">
                {s}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {double.rows.map((r) => (
            <tr key={r.first}>
              <th scope="row">{r.first}</th>
              {r.payouts_cents.map((c, j) => (
                <td key={double.second[j]} className="num">
                  {payout(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The earlier legs' winners of a Pick N, legs joined by `separator`: '4-1', or '(4 DH 6)-1' where
 * horses dead-heated for a leg (a ticket with either has it right); null until they are official.
 */
export function earlierWinnersText(pick: PickWillPays, separator: string): string | null {
  const legs = pick.leg_winners ?? pick.winners?.map((w) => [w]);
  return legs?.map((l) => (l.length > 1 ? `(${l.join(' DH ')})` : String(l[0]))).join(separator) ?? null;
}

/** A Pick N ending at this race: what $2 pays with the earlier winners and each horse here. */
function WillPaysBoard({ pick }: { pick: PickWillPays }) {
  const winners = earlierWinnersText(pick, '-');
  return (
    <div className="table-scroll">
      <table>
        <caption>
          {pick.bet_type} will-pays ($2, races {pick.race_ids.join(', ')})
          {pick.carryover_cents > 0 ? `, carryover ${formatCents(pick.carryover_cents)}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Winners so far</th>
            <th scope="col">This race</th>
            <th scope="col">Pays</th>
          </tr>
        </thead>
        <tbody>
          {pick.will_pays === null ? (
            <tr>
              <td>{winners ?? '—'}</td>
              <td>—</td>
              <td className="num">—</td>
            </tr>
          ) : (
            pick.will_pays.map((w) => (
              <tr key={w.post_position}>
                <td>{winners}</td>
                <td>{w.post_position}</td>
                <td className="num">{payout(w.payout_cents)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
