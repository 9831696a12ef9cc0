import { BET_SORTS, type BetSort, type BetView } from '@furlong/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BackButton, Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { betSelectionsText } from '../../../lib/bet-text';
import { formatCents, formatRaceNumbers, formatTimeOfDay } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useSettings } from '../../../lib/settings';
import { useBets } from '../api/my-bets';
import { parseId } from '../hooks/use-race-in-context';

const MAX_ROWS = 200;
export const NO_BETS = 'No bets found for the user.';
export const NOT_YOUR_BETS = 'You can only see your own betting history.';
/** Spec §9: 8 columns, 20 rows, newest bet first. */
export const HISTORY_DEFAULTS = { columns: 8, rows: 20, sort: 'bet_date' as BetSort, order: 'desc' as const };

interface Column {
  key: string;
  label: string;
  value(bet: BetView): string;
}

const legsText = (bet: BetView, pick: (leg: BetView['legs'][number]) => string) =>
  [...new Set(bet.legs.map(pick))].join(', ');

/** The bet's races as a fan says them: "Race 7 at Victoria Park", a sequence "Races 3–5 at Aville Downs". */
export function betRacesText(bet: BetView): string {
  const byTrack = new Map<string, number[]>();
  for (const leg of bet.legs) byTrack.set(leg.track_name, [...(byTrack.get(leg.track_name) ?? []), leg.race_number]);
  return [...byTrack].map(([track, numbers]) => `${formatRaceNumbers(numbers)} at ${track}`).join('; ');
}

/** The history's columns, in display order; the first eight show by default. */
export const HISTORY_COLUMNS: readonly Column[] = [
  {
    key: 'bet_date',
    label: 'Bet date',
    value: (b) => formatTimeOfDay(b.bet_date, { date: true }),
  },
  { key: 'bet_type', label: 'Bet type', value: (b) => b.bet_type },
  { key: 'track', label: 'Track', value: (b) => legsText(b, (l) => l.track_name) },
  { key: 'races', label: 'Races', value: betRacesText },
  { key: 'selections', label: 'Selections', value: betSelectionsText },
  { key: 'total_cents', label: 'Total', value: (b) => formatCents(b.total_cents) },
  { key: 'status', label: 'Status', value: (b) => b.status },
  {
    key: 'payout_cents',
    label: 'Payout',
    // What scratches gave back is money returned too: said beside the payout.
    value: (b) =>
      b.refunded_cents > 0
        ? `${formatCents(b.payout_cents)} (+${formatCents(b.refunded_cents)} scratch refund)`
        : formatCents(b.payout_cents),
  },
  { key: 'amount_cents', label: 'Amount', value: (b) => formatCents(b.amount_cents) },
  { key: 'combinations', label: 'Combinations', value: (b) => String(b.combinations) },
  { key: 'race_date', label: 'Race date', value: (b) => legsText(b, (l) => l.race_date) },
  {
    key: 'settled_at',
    label: 'Settled',
    value: (b) => formatTimeOfDay(b.settled_at, { date: true }),
  },
  { key: 'id', label: 'Bet id', value: (b) => String(b.id) },
];

const isServerSort = (key: string): key is BetSort => (BET_SORTS as readonly string[]).includes(key);

/** A whole number of at least 1 from an input, or the fallback. */
function atLeastOne(text: string, fallback: number): number {
  const n = Math.floor(Number(text));
  return Number.isFinite(n) && n >= 1 ? n : fallback;
}

/**
 * /user-bets?id={userId}: the betting history, sorted by the server (bet date, total, payout,
 * status), with column and row counts and a show-all-columns switch. Another user's id asks
 * GET /api/users/{id}/bets, which only an operator may read.
 */
export function UserBetsPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const asked = parseId(params.get('id'));
  const userId = asked === null || asked === session?.id ? 'me' : asked;

  const [columns, setColumns] = useState(String(HISTORY_DEFAULTS.columns));
  const [rows, setRows] = useState(String(HISTORY_DEFAULTS.rows));
  const [allColumns, setAllColumns] = useState(false);
  const [sort, setSort] = useState<{ key: BetSort; order: 'asc' | 'desc' }>({
    key: HISTORY_DEFAULTS.sort,
    order: HISTORY_DEFAULTS.order,
  });
  // The API pages at most 200 bets at a time.
  const limit = Math.min(atLeastOne(rows, HISTORY_DEFAULTS.rows), MAX_ROWS);
  const bets = useBets({ userId, sort: sort.key, order: sort.order, limit });
  // Settings: "results of my bets" highlights the user's own settled bets and sums them up.
  const results = useSettings().notify_own_bet_results && userId === 'me';

  const shown = allColumns ? HISTORY_COLUMNS : HISTORY_COLUMNS.slice(0, atLeastOne(columns, HISTORY_DEFAULTS.columns));
  const toggleSort = (key: BetSort) =>
    setSort((s) => (s.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: 'asc' }));

  return (
    <Page title="Betting History" actions={<BackButton />}>
      <div className="form-row history-controls">
        <label>
          Columns{' '}
          <input
            type="number"
            min={1}
            max={HISTORY_COLUMNS.length}
            value={columns}
            disabled={allColumns}
            onChange={(e) => setColumns(e.target.value)}
          />
        </label>
        <label>
          Rows <input type="number" min={1} value={rows} onChange={(e) => setRows(e.target.value)} />
        </label>
        <label>
          <input type="checkbox" checked={allColumns} onChange={(e) => setAllColumns(e.target.checked)} /> Show all
          columns
        </label>
      </div>
      {bets.isPending ? (
        <Loading />
      ) : bets.isError && !bets.data ? (
        bets.error instanceof ApiError && bets.error.status === 403 ? (
          <ErrorMessage text={NOT_YOUR_BETS} />
        ) : (
          <ErrorMessage error={bets.error} />
        )
      ) : bets.data.items.length === 0 ? (
        <EmptyState>{NO_BETS}</EmptyState>
      ) : (
        <div className="table-scroll">
          {results ? <ResultsSummary bets={bets.data.items} /> : null}
          <table className={results ? 'bet-history with-results' : 'bet-history'}>
            <caption>
              {bets.data.items.length} of {bets.data.total} bets
            </caption>
            <thead>
              <tr>
                {shown.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={sort.key === c.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {isServerSort(c.key) ? (
                      <button type="button" className="sort-button" onClick={() => toggleSort(c.key as BetSort)}>
                        {c.label}
                        <span aria-hidden="true">{sort.key === c.key ? (sort.order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bets.data.items.map((bet) => (
                <tr key={bet.id} className={results && bet.status !== 'pending' ? `bet-${bet.status}` : undefined}>
                  {shown.map((c) => (
                    <td key={c.key}>{c.value(bet)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

/** The settled results among the bets listed: how many won, lost and were refunded, and what the wins paid. */
function ResultsSummary({ bets }: { bets: readonly BetView[] }) {
  const won = bets.filter((b) => b.status === 'won');
  const lost = bets.filter((b) => b.status === 'lost').length;
  const refunded = bets.filter((b) => b.status === 'refunded').length;
  if (won.length + lost + refunded === 0) return <p className="hint">None of these bets has a result yet.</p>;
  const paid = won.reduce((sum, b) => sum + b.payout_cents, 0);
  return (
    <p className="bet-results-summary" role="status">
      Results of your bets listed: <strong>{won.length} won</strong> ({formatCents(paid)} paid), {lost} lost
      {refunded > 0 ? `, ${refunded} refunded` : ''}.
    </p>
  );
}
