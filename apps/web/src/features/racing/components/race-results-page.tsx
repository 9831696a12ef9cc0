import type { LiveRaceResult } from '@furlong/contracts';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useMyRaceBets } from '../../../api/my-race-bets';
import { useRacePayoffs } from '../../../api/race-payoffs';
import { DeadHeatMark } from '../../../components/ui/dead-heat';
import { BackButton, Page } from '../../../components/ui/page';
import { ScratchedList } from '../../../components/ui/scratched-list';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { SHEET_COLUMNS_DEFAULT } from '../../../config/ui';
import { ApiError } from '../../../lib/api-client';
import { formatCents, formatRaceTime, formatTimeOfDay } from '../../../lib/format';
import { type ResultKey, useRaceResult } from '../api/race-result';
import { parseRaceId } from './race-ids';
import { MyRaceBetsSection, PayoffsSection } from './race-payoffs';
import { RaceResultsList } from './race-results-list';
import { VerifyPanel } from './verify-panel';

/** Spec §8, race results. */
export const RESULTS_MESSAGES = {
  noId: 'No race result ID provided.',
  error: 'Error fetching race results. Please try again later.',
  loading: 'Loading race results...',
} as const;

const MAX_COLUMNS = 6;

/**
 * Which result to show: `?id=` is a current race (the race screen sends viewers here with it);
 * `?resultId=` (or `?race_result_id=`, or a `raceResultId` in the navigation state) is the
 * race result id of spec §2.1.
 */
export function resultKeyFrom(params: URLSearchParams, state: unknown): ResultKey | null {
  const raceId = parseRaceId(params.get('id'));
  if (raceId !== null) return { by: 'race', id: raceId };
  const resultId = parseRaceId(params.get('resultId') ?? params.get('race_result_id'));
  if (resultId !== null) return { by: 'result', id: resultId };
  const fromState = (state as { raceResultId?: unknown } | null)?.raceResultId;
  const stateId = parseRaceId(fromState === undefined || fromState === null ? null : String(fromState));
  return stateId === null ? null : { by: 'result', id: stateId };
}

/** Whether the address names a result at all (`?id=`, `?resultId=`, `?race_result_id=` or the navigation state). */
export function namesAResult(params: URLSearchParams, state: unknown): boolean {
  const fromState = (state as { raceResultId?: unknown } | null)?.raceResultId;
  return (
    params.has('id') ||
    params.has('resultId') ||
    params.has('race_result_id') ||
    (fromState !== undefined && fromState !== null)
  );
}

/**
 * /race-results: without an id, the list of recent results; with one, the result: its payoffs,
 * your bets on it, the result record, the finishers with links, and the seed with its checks.
 */
export function RaceResultsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const key = resultKeyFrom(params, location.state);
  const result = useRaceResult(key);
  // Asked beside the result when the address names the race (a result id names it only once read).
  const raceId = key?.by === 'race' ? key.id : (result.data?.current_race_id ?? null);
  useRacePayoffs(raceId);
  useMyRaceBets(raceId);
  const actions = (
    <>
      {key || namesAResult(params, location.state) ? (
        <Link className="button secondary" to="/race-results">
          All results
        </Link>
      ) : null}
      <Link className="button secondary" to="/current-race-screens">
        Current races
      </Link>
      <BackButton />
    </>
  );

  if (!key && !namesAResult(params, location.state)) {
    return (
      <Page title="Race Results" actions={actions}>
        <RaceResultsList />
      </Page>
    );
  }
  if (!key) {
    return (
      <Page title="Race Results" actions={actions}>
        <EmptyState>{RESULTS_MESSAGES.noId}</EmptyState>
      </Page>
    );
  }
  if (result.isPending) {
    return (
      <Page title="Race Results" actions={actions}>
        <Loading text={RESULTS_MESSAGES.loading} />
      </Page>
    );
  }
  if (result.isError) {
    const notYet = key.by === 'race' && result.error instanceof ApiError && result.error.status === 404;
    return (
      <Page title="Race Results" actions={actions}>
        <ErrorMessage error={result.error} text={RESULTS_MESSAGES.error} />
        {notYet ? (
          <p>
            The race may not have finished yet: <Link to={`/race/${key.id}`}>watch race {key.id}</Link>.
          </p>
        ) : null}
      </Page>
    );
  }

  const data = result.data;
  return (
    <Page title={`Race Results: ${data.race_name}`} actions={actions}>
      <PayoffsSection raceId={data.current_race_id} />
      <MyRaceBetsSection raceId={data.current_race_id} />
      <ResultRecord result={data} />
      <Finishers result={data} />
      <ScratchedList scratched={data.scratched} />
      <VerifyPanel result={data} />
    </Page>
  );
}

function ResultRecord({ result }: { result: LiveRaceResult }) {
  const [columns, setColumns] = useState(SHEET_COLUMNS_DEFAULT);
  const winner = result.finishers[0];
  const fields: [string, ReactNode][] = [
    ['Result id', result.result_id],
    [
      'Current race',
      <Link key="cr" to={`/race/${result.current_race_id}`}>
        {result.current_race_id}
      </Link>,
    ],
    [
      'Race',
      <Link key="race" to={`/page-race/${result.race_id}`}>
        {result.race_name}
      </Link>,
    ],
    [
      'Track',
      <Link key="track" to={`/page-track/${result.track_id}`}>
        {result.track_name}
      </Link>,
    ],
    ['Date', result.race_date],
    ['Distance', `${result.furlongs} f`],
    ['Surface', result.surface_type],
    ['Condition', result.track_condition],
    ['Runners', result.finishers.length],
    [
      'Winner',
      winner ? (
        <Link key="winner" to={`/page-horse/${winner.horse_id}`}>
          {winner.horse_name}
        </Link>
      ) : (
        '—'
      ),
    ],
    ['Winning time', formatRaceTime(result.race_duration_ms)],
    ['Wire position', `${Math.round(result.wire_position * 100)} %`],
    ['Finished at', formatTimeOfDay(result.finished_at, { date: true, seconds: true })],
  ];
  return (
    <section aria-labelledby="result-record">
      <h2 id="result-record">Result record</h2>
      <div className="table-controls">
        <div className="control">
          <label htmlFor="result-columns">Columns</label>
          <input
            id="result-columns"
            type="number"
            min={1}
            max={MAX_COLUMNS}
            value={columns}
            onChange={(e) => setColumns(Math.min(MAX_COLUMNS, Math.max(1, Math.trunc(Number(e.target.value)) || 1)))}
          />
        </div>
      </div>
      <dl
        className="sheet result-sheet"
        data-columns={columns}
        style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      >
        {fields.map(([label, value]) => (
          <div className="sheet-field" key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PersonLink({ kind, id, name }: { kind: string; id: number | null; name: string | null }) {
  return id === null ? '—' : <Link to={`/page-${kind}/${id}`}>{name ?? `${kind} ${id}`}</Link>;
}

function Finishers({ result }: { result: LiveRaceResult }) {
  return (
    <section aria-labelledby="finishers">
      <h2 id="finishers">Finish</h2>
      <div className="table-scroll">
        <table className="finishers-table">
          <caption className="visually-hidden">Finishers in order</caption>
          <thead>
            <tr>
              <th scope="col">Pos</th>
              <th scope="col">Post</th>
              <th scope="col">Horse</th>
              <th scope="col">Jockey</th>
              <th scope="col">Trainer</th>
              <th scope="col">Owner</th>
              <th scope="col">Time</th>
              <th scope="col">Speed figure</th>
              <th scope="col">Earnings</th>
            </tr>
          </thead>
          <tbody>
            {result.finishers.map((f) => (
              <tr key={f.post_position}>
                <td className="num">
                  {f.finish_position}
                  {f.dead_heat ? <DeadHeatMark /> : null}
                </td>
                <td className="num">{f.post_position}</td>
                <td>
                  <PersonLink kind="horse" id={f.horse_id} name={f.horse_name} />
                </td>
                <td>
                  <PersonLink kind="jockey" id={f.jockey_id} name={f.jockey_name} />
                </td>
                <td>
                  <PersonLink kind="trainer" id={f.trainer_id} name={f.trainer_name} />
                </td>
                <td>
                  <PersonLink kind="owner" id={f.owner_id} name={f.owner_name} />
                </td>
                <td className="num">{formatRaceTime(f.finish_time_ms)}</td>
                <td className="num">{f.speed_figure}</td>
                <td className="num">{formatCents(f.earnings_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
