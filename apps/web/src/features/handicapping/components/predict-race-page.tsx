import {
  type NextToPostResponse,
  type PredictorFieldResponse,
  type PredictorRunner,
  type PredictorWeightField,
  type PredictorWeights,
  SPEC_PREDICTOR_WEIGHTS,
} from '@furlong/contracts';
import { type PredictorWeights as DomainWeights, formatOdds, type MorningLineEntry, rankField } from '@furlong/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { BackButton, Page } from '../../../components/ui/page';
import { PostChip } from '../../../components/ui/post-chip';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError, getJson } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useFairOdds } from '../../wagering/api/fair-odds';
import { FairOddsCell, fairOddsView } from '../../wagering/components/fair-odds';
import { useRaceIdInContext } from '../../wagering/hooks/use-race-in-context';
import { useBacktest, useMyWeights, usePredictorField, useSaveWeights } from '../api/predictor';
import { BacktestPanel } from './backtest-panel';
import { FairOddsCalibrationSection } from './fair-odds-calibration';

/** The five factors of spec §9, in the order the spec lists them. */
export const FACTORS: readonly { field: PredictorWeightField; label: string; help: string }[] = [
  { field: 'win_rate', label: 'Win rate', help: 'wins ÷ starts' },
  { field: 'average_speed', label: 'Average speed', help: 'mean speed figure' },
  { field: 'earnings', label: 'Earnings', help: 'on its natural logarithm' },
  { field: 'last_race_time', label: 'Last race time', help: 'on its reciprocal: faster is better' },
  { field: 'jockey_win_rate', label: 'Jockey win rate', help: "the rider's wins ÷ rides" },
];

const SAVE_DELAY_MS = 600;

function toDomain(w: PredictorWeights): DomainWeights {
  return {
    winRate: w.win_rate,
    averageSpeed: w.average_speed,
    earnings: w.earnings,
    lastRaceTime: w.last_race_time,
    jockeyWinRate: w.jockey_win_rate,
  };
}

function entryOf(r: PredictorRunner): MorningLineEntry & { runner: PredictorRunner } {
  return {
    runner: r,
    winRate: r.win_rate,
    averageSpeed: r.average_speed,
    earningsCents: r.earnings_cents,
    lastRaceTimeSeconds: r.last_race_time_seconds,
    jockeyWinRate: r.jockey_win_rate,
  };
}

/** A weight on the spec's grid: 0..1, two decimals. */
export function snapWeight(value: number): number {
  return Math.min(1, Math.max(0, Math.round(value * 100) / 100));
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * /predict-race?raceId= (and /horse-race-predictor): the race predictor of spec §2.3. Five sliders
 * from 0 to 1 (step 0.01) start at the spec §9 weights; the field is re-ranked on every move with each
 * runner's score, chance and odds (tote format), the Top 3 marked; Reset goes back to the spec. A
 * member's weights are remembered (saved a moment after the last move). Below, the back-test of the
 * weights over every finished race, beside the spec's weights and the tote.
 */
export function PredictRacePage() {
  const raceId = useRaceIdInContext();
  const session = useSession();
  const field = usePredictorField(raceId);
  const mine = useMyWeights(session !== null);
  const save = useSaveWeights();
  const [weights, setWeights] = useState<PredictorWeights>({ ...SPEC_PREDICTOR_WEIGHTS });
  const [moved, setMoved] = useState(false);
  const allZero = FACTORS.every((f) => weights[f.field] === 0);

  // The account's saved weights, until the user moves a slider.
  useEffect(() => {
    if (!moved && mine.data?.saved) setWeights(mine.data.weights);
  }, [mine.data, moved]);

  const settled = useSettled(weights, SAVE_DELAY_MS);
  const { mutate } = save;
  // Saved once the weights have stayed put (`settled` is then the very object on screen).
  useEffect(() => {
    if (moved && settled === weights && session !== null && !FACTORS.every((f) => settled[f.field] === 0)) {
      mutate(settled);
    }
  }, [settled, weights, moved, session, mutate]);

  const change = (next: PredictorWeights) => {
    setMoved(true);
    setWeights(next);
  };

  const title = field.data ? `Race Predictor — ${field.data.race_name}` : 'Race Predictor';
  return (
    <Page
      title={title}
      actions={
        <>
          {raceId !== null ? (
            <>
              <Link className="button" to={`/bets?raceId=${raceId}`}>
                Place Bet
              </Link>
              <Link className="button secondary" to={`/race-card?raceId=${raceId}`}>
                Race card
              </Link>
            </>
          ) : null}
          <BackButton />
        </>
      }
    >
      <p className="hint">
        Weigh the five factors of the track handicapper's formula as you see fit: each runner's score is the weighted
        sum of its factors (each scaled across the field from 0.1 for the field's worst to 1 for its best), its chance
        is its share of the field's total score, and its odds are 1 ÷ chance − 1.
      </p>
      <WeightsPanel
        weights={weights}
        onChange={change}
        onReset={() => change({ ...SPEC_PREDICTOR_WEIGHTS })}
        status={
          allZero
            ? 'Give at least one factor a weight above 0.'
            : session === null
              ? 'Log in to keep your weights.'
              : save.isPending
                ? 'Saving…'
                : save.isError
                  ? 'Your weights could not be saved.'
                  : moved || mine.data?.saved
                    ? 'Your weights are saved.'
                    : 'These are the spec’s weights.'
        }
      />
      {raceId === null ? (
        <RacePicker />
      ) : field.error instanceof ApiError && field.error.status === 404 ? (
        <EmptyState>There is no such race. Pick one below.</EmptyState>
      ) : field.isPending ? (
        <Loading text="Loading the field..." />
      ) : field.data ? (
        <RankedField field={field.data} weights={weights} />
      ) : (
        <ErrorMessage error={field.error} />
      )}
      {allZero ? null : <BacktestSection weights={settled} />}
      <FairOddsCalibrationSection />
    </Page>
  );
}

function WeightsPanel({
  weights,
  onChange,
  onReset,
  status,
}: {
  weights: PredictorWeights;
  onChange: (w: PredictorWeights) => void;
  onReset: () => void;
  status: string;
}) {
  const id = useId();
  return (
    <section className="card predictor-weights" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Weights</h2>
      <div className="weight-grid">
        {FACTORS.map((f) => (
          <div className="weight-row" key={f.field}>
            <label htmlFor={`${id}-${f.field}`}>
              {f.label} <span className="hint">({f.help})</span>
            </label>
            <input
              id={`${id}-${f.field}`}
              type="range"
              min={0}
              max={1}
              step={0.01}
              value={weights[f.field]}
              onChange={(e) => onChange({ ...weights, [f.field]: snapWeight(Number(e.target.value)) })}
            />
            <input
              type="number"
              aria-label={`${f.label} weight`}
              min={0}
              max={1}
              step={0.01}
              value={weights[f.field]}
              onChange={(e) => {
                const n = Number(e.target.value);
                if (e.target.value !== '' && Number.isFinite(n)) onChange({ ...weights, [f.field]: snapWeight(n) });
              }}
            />
          </div>
        ))}
      </div>
      <p className="button-row">
        <button type="button" className="button secondary" onClick={onReset}>
          Reset
        </button>
        <span className="hint" role="status">
          {status}
        </span>
      </p>
    </section>
  );
}

function RankedField({ field, weights }: { field: PredictorFieldResponse; weights: PredictorWeights }) {
  const fair = useFairOdds(field.race_id);
  const fairView = fairOddsView(fair.data, fair.isPending);
  const ranked = useMemo(() => {
    if (FACTORS.every((f) => weights[f.field] === 0)) return null;
    return rankField(field.runners.map(entryOf), toDomain(weights));
  }, [field, weights]);
  if (field.runners.length === 0) return <EmptyState>No runners in this race.</EmptyState>;
  if (!ranked) return null;
  return (
    <section aria-labelledby="predicted-order">
      <h2 id="predicted-order">Predicted order</h2>
      <p className="hint">
        {field.race_title}, {field.track_name}. The Top 3 are marked ★. Fair odds are the engine's: the race run
        thousands of times on other seeds, and how often each runner won.
      </p>
      <div className="table-scroll">
        <table className="data-table" aria-labelledby="predicted-order">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">#</th>
              <th scope="col">Horse</th>
              <th scope="col">Score</th>
              <th scope="col">Chance</th>
              <th scope="col">Odds</th>
              <th scope="col">Morning line</th>
              <th scope="col">Fair odds</th>
              <th scope="col">Jockey</th>
            </tr>
          </thead>
          <tbody>
            {ranked.map((r, i) => (
              <tr key={r.runner.runner.post_position} className={i < 3 ? 'top-pick' : undefined}>
                <td>
                  {r.rank}
                  {i < 3 ? (
                    <>
                      <span aria-hidden="true"> ★</span>
                      <span className="visually-hidden"> (Top 3)</span>
                    </>
                  ) : null}
                </td>
                <td>
                  <PostChip post={r.runner.runner.post_position} />
                </td>
                <td>
                  <Link to={`/page-horse/${r.runner.runner.horse_id}`}>{r.runner.runner.horse_name}</Link>
                </td>
                <td>{r.score.toFixed(3)}</td>
                <td>{(r.share * 100).toFixed(1)}%</td>
                <td>{Number.isFinite(r.odds) ? formatOdds(r.odds).fractional : '—'}</td>
                <td>{r.runner.runner.morning_line ?? '—'}</td>
                <FairOddsCell view={fairView} post={r.runner.runner.post_position} />
                <td>{r.runner.runner.jockey_name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** No race in context: the races about to go off, each a link to its prediction. */
function RacePicker() {
  const races = useQuery({
    queryKey: ['handicapping', 'races-to-predict'],
    queryFn: ({ signal }) => getJson<NextToPostResponse>('/next_to_post', { limit: 10 }, signal),
    staleTime: 30_000,
  });
  return (
    <section aria-labelledby="pick-race">
      <h2 id="pick-race">Pick a race to predict</h2>
      {races.isPending ? (
        <Loading text="Loading races..." />
      ) : !races.data ? (
        <ErrorMessage error={races.error} />
      ) : races.data.races.length === 0 ? (
        <EmptyState>No race is about to go off. The back-test below works without one.</EmptyState>
      ) : (
        <ul className="link-list">
          {races.data.races.map((r) => (
            <li key={r.id}>
              <Link to={`/predict-race?raceId=${r.id}`}>
                {r.track_name} — {r.race_name}
              </Link>{' '}
              <span className="hint">
                {r.num_horses} runners, {r.mtp} MTP
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BacktestSection({ weights }: { weights: PredictorWeights }) {
  const backtest = useBacktest(weights);
  return (
    <section aria-labelledby="backtest-h">
      <h2 id="backtest-h">Back-test of these weights</h2>
      {backtest.isPending ? (
        <Loading text="Scoring every finished race..." />
      ) : !backtest.data ? (
        <ErrorMessage error={backtest.error} />
      ) : (
        <BacktestPanel result={backtest.data} updating={backtest.isFetching} />
      )}
    </section>
  );
}
