import type { CurrentRaceDetail, CurrentRaceRunner } from '@furlong/contracts';
import { advancedTotal } from '@furlong/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentRaces } from '../../../api/current-race';
import { BackButton, Page } from '../../../components/ui/page';
import { PostChip } from '../../../components/ui/post-chip';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import type { AdvancedRacesState } from '../hooks/advanced-bet-state';
import { amountCents } from '../hooks/bet-form';
import { useFinalizeBet } from '../hooks/use-finalize-bet';
import { clockTime } from './bet-clock';
import { FinalizeError } from './finalize-error';
import { NO_RACE_DATA } from './race-details-page';
import { type RunnerDetail, RunnerDetailDialog } from './runner-detail-dialog';

/** The runner fields the column-count selector walks through (spec §9: 6 shown by default). */
const RUNNER_COLUMNS: { label: string; value(r: CurrentRaceRunner): string | number; detail?: 'horse' | 'jockey' }[] = [
  { label: 'Horse', value: (r) => r.horse_name, detail: 'horse' },
  { label: 'Jockey', value: (r) => r.jockey_name, detail: 'jockey' },
  { label: 'Post', value: (r) => r.post_position },
  { label: 'Horse no.', value: (r) => r.horse_number },
  { label: 'Trainer', value: (r) => r.trainer_name ?? '—' },
  { label: 'Owner', value: (r) => r.owner_name ?? '—' },
  { label: 'Horse id', value: (r) => r.horse_id },
  { label: 'Jockey id', value: (r) => r.jockey_id },
];
export const DEFAULT_COLUMN_COUNT = 6;

/**
 * /advanced-bet-races: the races ticked on the track step, each with its field; one horse per race,
 * an amount per race, Finalize Bet places the ticket and goes to /confirmation.
 */
export function AdvancedBetRacesPage() {
  const location = useLocation();
  const state = location.state as AdvancedRacesState | null;
  if (!state?.selectedRaces?.length) {
    return (
      <Page title="Advanced Bet" actions={<BackButton />}>
        <EmptyState>{NO_RACE_DATA}</EmptyState>
        <p>
          Start from the <Link to="/bets">bets screen</Link> with a multi-race bet type.
        </p>
      </Page>
    );
  }
  return <AdvancedRaces state={state} />;
}

function AdvancedRaces({ state }: { state: AdvancedRacesState }) {
  const queries = useCurrentRaces(state.selectedRaces.map((r) => r.id));
  const [picks, setPicks] = useState<Record<number, number>>({});
  const [amount, setAmount] = useState('2');
  const [columns, setColumns] = useState(DEFAULT_COLUMN_COUNT);
  const [detail, setDetail] = useState<RunnerDetail | null>(null);
  const { finalize, problem, isPending, error } = useFinalizeBet();

  const failed = queries.find((q) => q.isError && !q.data);
  if (failed) return <ErrorMessage error={failed.error} text={NO_RACE_DATA} />;
  if (queries.some((q) => !q.data)) return <Loading text="Loading races..." />;
  const races = queries.map((q) => q.data as CurrentRaceDetail);
  const perRace = amountCents(amount);
  const shown = RUNNER_COLUMNS.slice(0, Math.max(1, Math.min(columns, RUNNER_COLUMNS.length)));

  const submit = () => {
    finalize(
      state.selectedBet,
      races,
      races.map((r) => picks[r.id] ?? null),
      amount,
    );
  };

  return (
    <Page title={`${state.selectedBet} — ${state.trackName}`} actions={<BackButton />}>
      <div className="form-row">
        <label>
          Bet amount per race ($){' '}
          <input type="number" min={0} step={1} value={amount} onChange={(e) => setAmount(e.target.value)} />
        </label>
        <label>
          Columns{' '}
          <input
            type="number"
            min={1}
            max={RUNNER_COLUMNS.length}
            value={columns}
            onChange={(e) => setColumns(Number(e.target.value) || 1)}
          />
        </label>
        <span className="bet-total">
          Total{' '}
          <strong data-testid="advanced-total">
            {formatCents(advancedTotal(perRace !== null && perRace > 0 ? perRace : 0, races.length))}
          </strong>
        </span>
      </div>
      {races.map((race, leg) => (
        <section key={race.id} className="advanced-leg" aria-label={`Leg ${leg + 1}: ${race.race_name}`}>
          <h2>
            Leg {leg + 1}: {race.race_name}
          </h2>
          <p className="hint">
            {race.race_date}, post {clockTime(race.post_time)}, {race.furlongs} f {race.surface_type}, {race.status}
          </p>
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Pick</th>
                  <th scope="col">#</th>
                  {shown.map((c) => (
                    <th key={c.label} scope="col">
                      {c.label}
                    </th>
                  ))}
                  <th scope="col" className="num" title="Morning line">
                    ML
                  </th>
                </tr>
              </thead>
              <tbody>
                {race.entries
                  .filter((runner) => !runner.scratch)
                  .map((runner) => (
                    <tr key={runner.post_position}>
                      <td>
                        <input
                          type="radio"
                          name={`leg-${race.id}`}
                          aria-label={`Pick ${runner.horse_name} in ${race.race_name}`}
                          checked={picks[race.id] === runner.post_position}
                          onChange={() => setPicks((p) => ({ ...p, [race.id]: runner.post_position }))}
                        />
                      </td>
                      <td>
                        <PostChip post={runner.post_position} />
                      </td>
                      {shown.map((c) => {
                        const kind = c.detail;
                        return (
                          <td key={c.label}>
                            {kind ? (
                              <button type="button" className="sort-button" onClick={() => setDetail({ kind, runner })}>
                                {c.value(runner)}
                              </button>
                            ) : (
                              c.value(runner)
                            )}
                          </td>
                        );
                      })}
                      <td className="num">{runner.morning_line ?? '—'}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
      {problem ? (
        <p className="status status-error" role="alert">
          {problem}
        </p>
      ) : null}
      {error ? <FinalizeError error={error} /> : null}
      <p className="button-row">
        <button type="button" className="button big" disabled={isPending} onClick={submit}>
          {isPending ? 'Finalizing...' : 'Finalize Bet'}
        </button>
      </p>
      {detail ? <RunnerDetailDialog detail={detail} onClose={() => setDetail(null)} /> : null}
    </Page>
  );
}
