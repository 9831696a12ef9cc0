import {
  type PredictorWeights as ApiWeights,
  type BacktestQuery,
  type BacktestResponse,
  type CalibrationBin,
  type ForecastScore,
  SPEC_PREDICTOR_WEIGHTS,
} from '@furlong/contracts';
import {
  type BacktestRace,
  type BacktestReport,
  backtest,
  type HistoryRace,
  type PredictorWeights,
  type ReplayedRace,
  replayedProbabilities,
  replayForm,
} from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { RaceHistoryFigures, type StartInRunningOrder } from '../catalog/race-history-figures';
import { PayoffService } from '../wagering/payoff.service';

/** The API's weights (snake_case) as the domain's. */
export function domainWeights(w: ApiWeights | BacktestQuery): PredictorWeights {
  return {
    winRate: w.win_rate,
    averageSpeed: w.average_speed,
    earnings: w.earnings,
    lastRaceTime: w.last_race_time,
    jockeyWinRate: w.jockey_win_rate,
  };
}

interface RaceKey {
  currentRaceId: number | null;
  /** Post position of each start (the order of the replayed entries). */
  posts: number[];
}

/** A race of the history as every back-test reads it, whatever the weights. */
interface PreparedRace {
  replayed: ReplayedRace<RaceKey>;
  /** What a $2 win ticket paid on each winner, in cents, when the race ran live with a win pool. */
  winPayCents?: number[];
  /** The tote's final win probabilities (money shares) in entry order, when it ran live. */
  tote?: number[];
}

interface PreparedHistory {
  version: string;
  races: PreparedRace[];
  firstDay: string | null;
  lastDay: string | null;
  /** The spec's weights and the tote do not depend on the request: scored once per history. */
  spec: ForecastScore;
  tote: ForecastScore | null;
  priced: number;
}

/** Starts grouped into races (they arrive race by race). */
function racesOf(starts: readonly StartInRunningOrder[]): HistoryRace<RaceKey>[] {
  const races: HistoryRace<RaceKey>[] = [];
  let current:
    | { resultId: number; race: HistoryRace<RaceKey> & { starts: HistoryRace['starts'][number][] } }
    | undefined;
  for (const s of starts) {
    if (current?.resultId !== s.result_id) {
      current = { resultId: s.result_id, race: { key: { currentRaceId: s.current_race_id, posts: [] }, starts: [] } };
      races.push(current.race);
    }
    current.race.key.posts.push(s.post_position);
    current.race.starts.push({
      horseId: s.horse_id,
      jockeyId: s.jockey_id,
      finishPosition: s.finish_position,
      speedFigure: s.speed_figure,
      earningsCents: Number(s.earnings_cents),
      finishTimeMs: s.finish_time_ms,
    });
  }
  return races;
}

function score(name: ForecastScore['name'], label: string, report: BacktestReport): ForecastScore {
  return {
    name,
    label,
    races: report.races,
    hit_rate: report.hitRate,
    log_loss: report.logLoss,
    brier: report.brier,
    flat_bet: report.flatBet && {
      races: report.flatBet.races,
      staked_cents: report.flatBet.stakedCents,
      returned_cents: Math.round(report.flatBet.returnedCents),
      net_cents: Math.round(report.flatBet.netCents),
      return_per_dollar: report.flatBet.returnPerDollar,
    },
    calibration: report.calibration.bins.map(
      (b): CalibrationBin => ({
        from: b.from,
        to: b.to,
        count: b.count,
        mean_predicted: b.meanPredicted,
        observed: b.observed,
      }),
    ),
    mean_absolute_calibration_error: report.calibration.meanAbsoluteError,
  };
}

/**
 * The race predictor's back-test (issue 17): the finished races (the seeded history and every race
 * run since) replayed once into each runner's form before its race, then scored under any weights
 * in one pass, beside the spec's weights and the tote's final money. The replay is kept until a new
 * result is written (one cheap query per request tells).
 */
@Injectable()
export class BacktestService {
  private prepared?: PreparedHistory;
  private preparing?: { version: string; promise: Promise<PreparedHistory> };

  constructor(
    @Inject(RaceHistoryFigures) private readonly history: RaceHistoryFigures,
    @Inject(PayoffService) private readonly payoffs: PayoffService,
  ) {}

  async run(query: BacktestQuery): Promise<BacktestResponse> {
    const history = await this.historyNow();
    const started = performance.now();
    const weights = domainWeights(query);
    const yours = score(
      'yours',
      'Your weights',
      backtest(
        history.races.map(
          (r): BacktestRace => ({
            probabilities: replayedProbabilities(r.replayed, weights),
            winners: r.replayed.winners,
            winPayCents: r.winPayCents,
          }),
        ),
      ),
    );
    return {
      races: history.races.length,
      priced_races: history.priced,
      first_day: history.firstDay,
      last_day: history.lastDay,
      weights: { ...query },
      scores: [yours, history.spec, ...(history.tote ? [history.tote] : [])],
      compute_ms: Math.round(performance.now() - started),
    };
  }

  /** The prepared history of the results as they are now (made again after a new result). */
  private async historyNow(): Promise<PreparedHistory> {
    const { results, last_id } = await this.history.resultsVersion();
    const version = `${results}:${last_id}`;
    if (this.prepared?.version === version) return this.prepared;
    if (this.preparing?.version !== version) {
      const promise = this.prepare(version).then(
        (prepared) => {
          this.prepared = prepared;
          return prepared;
        },
        (err: unknown) => {
          this.preparing = undefined;
          throw err;
        },
      );
      this.preparing = { version, promise };
    }
    return this.preparing.promise;
  }

  private async prepare(version: string): Promise<PreparedHistory> {
    const [starts, pools] = await Promise.all([this.history.startsInRunningOrder(), this.payoffs.settledWinPools()]);
    const grouped = racesOf(starts);
    const replayed = replayForm(grouped);
    const races: PreparedRace[] = replayed.map((r) => {
      const pool = r.key.currentRaceId === null ? undefined : pools.get(r.key.currentRaceId);
      if (!pool) return { replayed: r };
      const cents = r.key.posts.map((post) => pool.cents.get(post) ?? 0);
      const total = cents.reduce((a, b) => a + b, 0);
      const prices = r.winners.map((i) => pool.pricePerDollarCents.get(r.key.posts[i] as number));
      return {
        replayed: r,
        tote: total > 0 ? cents.map((c) => c / total) : undefined,
        // A win ticket is $2: twice the price per $1 (every winner priced, or the race is left out of the bet).
        winPayCents: prices.every((p) => p !== undefined) ? prices.map((p) => 2 * (p as number)) : undefined,
      };
    });
    const priced = races.filter((r) => r.tote !== undefined);
    let firstDay: string | null = null;
    let lastDay: string | null = null;
    for (const s of starts) {
      if (firstDay === null || s.race_date < firstDay) firstDay = s.race_date;
      if (lastDay === null || s.race_date > lastDay) lastDay = s.race_date;
    }
    const spec = domainWeights(SPEC_PREDICTOR_WEIGHTS);
    return {
      version,
      races,
      firstDay,
      lastDay,
      priced: priced.length,
      spec: score(
        'spec',
        "The spec's weights",
        backtest(
          races.map((r) => ({
            probabilities: replayedProbabilities(r.replayed, spec),
            winners: r.replayed.winners,
            winPayCents: r.winPayCents,
          })),
        ),
      ),
      tote:
        priced.length > 0
          ? score(
              'tote',
              "The tote's final odds",
              backtest(
                priced.map((r) => ({
                  probabilities: r.tote as number[],
                  winners: r.replayed.winners,
                  winPayCents: r.winPayCents,
                })),
              ),
            )
          : null,
    };
  }
}
