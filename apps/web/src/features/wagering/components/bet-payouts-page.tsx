import type { ToteView } from '@furlong/contracts';
import { pricePerDollarCents, ticketPayoutCents } from '@furlong/domain';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { amountCents } from '../hooks/bet-form';
import { useLiveTote } from '../hooks/use-live-tote';
import { useRaceIdInContext } from '../hooks/use-race-in-context';
import { earlierWinnersText } from './bet-odds-page';
import { NO_RACE_DATA } from './race-details-page';

interface PayoutRow {
  key: string;
  betType: string;
  selection: string;
  payoutCents: number | null;
}

/**
 * What a ticket of `stake` cents would pay if it won now: Win from the win pool's price per $1
 * (the domain's breakage and minimum), Exacta and Daily Double from the $2 probables, Pick N from
 * the $2 will-pays (once the earlier legs are official).
 */
export function potentialPayouts(tote: ToteView, stake: number): PayoutRow[] {
  const winPool = tote.pools.find((p) => p.bet_type === 'Win');
  const rows: PayoutRow[] = tote.runners.map((r) => ({
    key: `win-${r.post_position}`,
    betType: 'Win',
    selection: `#${r.post_position} ${r.horse_name}`,
    payoutCents:
      winPool && r.win_cents > 0
        ? ticketPayoutCents(
            stake,
            pricePerDollarCents(winPool.net_cents - r.win_cents, r.win_cents, 1, {
              minPricePerDollarCents: tote.price_rules.min_price_per_dollar_cents,
              breakageCents: tote.price_rules.breakage_cents,
            }),
          )
        : null,
  }));
  // Probables and will-pays are per $2 ticket; pay scales with the stake.
  const scaled = (cents: number | null) => (cents === null ? null : Math.floor((cents * stake) / 200));
  for (const e of tote.exacta_probables) {
    rows.push({
      key: `exacta-${e.first}-${e.second}`,
      betType: 'Exacta',
      selection: `${e.first}-${e.second}`,
      payoutCents: scaled(e.payout_cents),
    });
  }
  const double = tote.daily_double;
  for (const row of double?.rows ?? []) {
    row.payouts_cents.forEach((cents, j) => {
      const second = double?.second[j];
      rows.push({
        key: `dd-${row.first}-${second}`,
        betType: 'Daily Double',
        selection: `${row.first}/${second}`,
        payoutCents: scaled(cents),
      });
    });
  }
  for (const pick of tote.pick_will_pays) {
    for (const w of pick.will_pays ?? []) {
      rows.push({
        key: `${pick.bet_type}-${w.post_position}`,
        betType: pick.bet_type,
        selection: `${earlierWinnersText(pick, '/')}/${w.post_position}`,
        payoutCents: scaled(w.payout_cents),
      });
    }
  }
  return rows;
}

/** /bet-payouts: bet type, amount and potential payout at the current tote odds of the race in context. */
export function BetPayoutsPage() {
  const raceId = useRaceIdInContext();
  const { tote, error, isPending } = useLiveTote(raceId);
  const [amount, setAmount] = useState('2');
  const stake = Math.max(0, amountCents(amount) ?? 0);

  if (raceId === null) {
    return (
      <Page title="Bet Payouts" actions={<BackButton />}>
        <EmptyState>{NO_RACE_DATA}</EmptyState>
      </Page>
    );
  }
  return (
    <Page
      title="Bet Payouts"
      actions={
        <>
          <Link className="button" to={`/bets?raceId=${raceId}`}>
            Place Bet
          </Link>
          <BackButton />
        </>
      }
    >
      <div className="form-row">
        <label>
          Bet amount ($){' '}
          <input type="number" min={0} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
      </div>
      {isPending ? (
        <Loading text="Loading the tote board..." />
      ) : !tote ? (
        <ErrorMessage error={error} text="The tote board is not available." />
      ) : (
        <div className="table-scroll">
          <table>
            <caption>
              Potential payouts{tote.frozen ? ' (final odds)' : ' (current odds; they move until the close)'}
            </caption>
            <thead>
              <tr>
                <th scope="col">Bet type</th>
                <th scope="col">Selection</th>
                <th scope="col">Amount</th>
                <th scope="col">Potential payout</th>
              </tr>
            </thead>
            <tbody>
              {potentialPayouts(tote, stake).map((row) => (
                <tr key={row.key}>
                  <td>{row.betType}</td>
                  <td>{row.selection}</td>
                  <td className="num">{formatCents(stake)}</td>
                  <td className="num">{row.payoutCents === null ? '—' : formatCents(row.payoutCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
