import {
  type CurrentRaceStatus,
  FAIR_ODDS_CALIBRATION_MAX_RACES,
  FAIR_ODDS_OVERLAY_MARGIN,
  type FairOddsCalibration,
  type FairOddsRunner,
  type RaceFairOdds,
} from '@furlong/contracts';
import { type BacktestRace, backtest, binomialStandardError, fairOdds, formatOdds, isOverlay } from '@furlong/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { notFound } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RaceReadModel } from '../racing/race-read-model';
import { RacingService } from '../racing/racing.service';
import { PoolService } from '../wagering/pool.service';
import { FairOddsRepository, type StoredFairOdds } from './fair-odds.repository';
import { FairOddsSimulator } from './fair-odds-simulator';

/** What a computation did: made the odds, found them made for this field, or had nothing to do. */
export type FairOddsComputation =
  | { outcome: 'computed'; runs: number; ms: number }
  | { outcome: 'kept' }
  | { outcome: 'superseded' }
  | { outcome: 'skipped'; why: 'off' | 'not_open' | 'over' };

/** Phases in which fair odds that are not in yet are on their way. */
const IN_PLAY: readonly CurrentRaceStatus[] = ['open', 'closed', 'running'];

function sameField(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sortedA = [...a].sort((x, y) => x - y);
  const sortedB = [...b].sort((x, y) => x - y);
  return sortedA.every((p, i) => p === sortedB[i]);
}

/**
 * Fair odds from the engine: simulating an opened race's field on fresh seeds (in a thread of its
 * own, FairOddsSimulator) and keeping each starter's chances; the race's fair odds beside the live
 * win odds; and how well the fair win chances matched the finished races.
 */
@Injectable()
export class FairOddsService {
  private readonly logger = new Logger('FairOdds');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(FairOddsRepository) private readonly repository: FairOddsRepository,
    @Inject(FairOddsSimulator) private readonly simulator: FairOddsSimulator,
    @Inject(RacingService) private readonly racing: RacingService,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
    @Inject(PoolService) private readonly pools: PoolService,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  /**
   * Simulates the race's field as it stands (its starters and conditions, exactly the engine's
   * input at the off but for the seed) FAIR_ODDS_RUNS times on a fresh seed, and keeps the chances.
   * Idempotent: a field that has its fair odds already is left alone, so a job that runs twice (or on
   * two instances) costs one simulation; after a scratch the field differs and is simulated again.
   * A scratch while the simulation ran makes its result stale: it is dropped (the scratch's own job
   * simulates the new field).
   */
  async compute(raceId: number): Promise<FairOddsComputation> {
    const runs = this.config.fairOdds.runs;
    if (runs === 0) return { outcome: 'skipped', why: 'off' };
    const field = await this.racing.fieldToSimulate(raceId);
    if (!field) return { outcome: 'skipped', why: 'not_open' };
    if (field.status === 'finished' || field.status === 'cancelled') return { outcome: 'skipped', why: 'over' };
    const posts = field.race.runners.map((r) => r.post_position);
    const stored = (await this.repository.fields([raceId])).get(raceId);
    if (stored && sameField(stored, posts)) return { outcome: 'kept' };

    // A seed of its own: never the race's secret seed, whose run IS the result.
    const seed = this.random.hex(16);
    const outcome = await this.simulator.simulate({ race: field.race, runs, seed });
    const now = await this.racing.fieldToSimulate(raceId);
    if (
      !now ||
      !sameField(
        now.race.runners.map((r) => r.post_position),
        posts,
      )
    )
      return { outcome: 'superseded' };
    await this.repository.replace(raceId, {
      runs: outcome.runs,
      seed,
      computedAt: this.clock.now(),
      runners: outcome.odds.map((o) => ({ post_position: o.runner, win: o.win, place: o.place, show: o.show })),
    });
    this.logger.debug(`race ${raceId}: fair odds from ${outcome.runs} runs in ${Math.round(outcome.ms)} ms`);
    return { outcome: 'computed', runs: outcome.runs, ms: outcome.ms };
  }

  /** Open races (before post) that have no fair odds yet: what a sweep queues. */
  async openRacesWithout(): Promise<number[]> {
    if (this.config.fairOdds.runs === 0) return [];
    const open = await this.races.openRaces(this.clock.now());
    const made = await this.repository.fields(open);
    return open.filter((id) => !made.has(id));
  }

  /** GET /api/current_races/{id}/fair_odds */
  async raceFairOdds(raceId: number): Promise<RaceFairOdds> {
    const phase = (await this.races.phases([raceId])).get(raceId);
    if (!phase) throw notFound('Current race', raceId);
    const starters = await this.races.storedMorningLine(raceId);
    const stored = await this.repository.ofRace(raceId);
    const head = {
      current_race_id: raceId,
      race_status: phase.status,
      overlay_margin: FAIR_ODDS_OVERLAY_MARGIN,
    };
    const ready =
      stored.length > 0 &&
      sameField(
        stored.map((s) => s.post_position),
        starters.map((s) => s.post_position),
      );
    if (!ready) {
      const coming = this.config.fairOdds.runs > 0 && IN_PLAY.includes(phase.status);
      return {
        ...head,
        status: coming ? 'pending' : 'not_available',
        runs: null,
        seed: null,
        computed_at: null,
        runners: [],
      };
    }
    const live = await this.pools.winOddsByPost(raceId);
    const byPost = new Map(stored.map((s) => [s.post_position, s]));
    const first = stored[0] as StoredFairOdds;
    return {
      ...head,
      status: 'ready',
      runs: first.runs,
      seed: first.seed,
      computed_at: new Date(first.computed_at).toISOString(),
      runners: starters.map((s) =>
        runnerView(s.post_position, s.horse_name, byPost.get(s.post_position) as StoredFairOdds, live),
      ),
    };
  }

  /**
   * GET /api/handicapping/fair_odds_calibration: the fair win chances of the latest races that have
   * them, against the official winners of those that finished (the domain's backtest: bins of
   * predicted chance beside the observed win frequency, and their count-weighted mean absolute
   * gap). A race whose result lists another field than its fair odds (a scratch whose new odds were
   * never made) is left out.
   */
  async calibration(bins: number): Promise<FairOddsCalibration> {
    const chances = await this.repository.latestWinChances(FAIR_ODDS_CALIBRATION_MAX_RACES);
    const finishes = await this.races.officialFinishes(chances.map((c) => c.current_race_id));
    const races: BacktestRace[] = [];
    for (const c of chances) {
      const finish = finishes.get(c.current_race_id);
      if (!finish || !sameField(finish.flat(), c.posts)) continue;
      const winners = (finish[0] ?? []).map((post) => c.posts.indexOf(post));
      races.push({ probabilities: c.win, winners });
    }
    const report = backtest(races, { bins });
    return {
      races: report.races,
      runners: report.runners,
      bins: report.calibration.bins.map((b) => ({
        from: b.from,
        to: b.to,
        count: b.count,
        mean_predicted: b.meanPredicted,
        observed: b.observed,
      })),
      mean_absolute_error: report.calibration.meanAbsoluteError,
      brier: report.brier,
      log_loss: report.logLoss,
    };
  }
}

/** A starter's stored chances as the API gives them: fair odds and standard errors from the domain's rules. */
function runnerView(
  post: number,
  horseName: string,
  row: StoredFairOdds,
  live: ReadonlyMap<number, number>,
): FairOddsRunner {
  const winFair = fairOdds(row.win_probability);
  const liveWin = live.get(post) ?? null;
  return {
    post_position: post,
    horse_name: horseName,
    win_probability: row.win_probability,
    place_probability: row.place_probability,
    show_probability: row.show_probability,
    win_standard_error: binomialStandardError(row.win_probability, row.runs),
    place_standard_error: binomialStandardError(row.place_probability, row.runs),
    show_standard_error: binomialStandardError(row.show_probability, row.runs),
    win_fair_odds: winFair,
    place_fair_odds: fairOdds(row.place_probability),
    show_fair_odds: fairOdds(row.show_probability),
    win_fair_odds_display: winFair === null ? null : formatOdds(winFair).fractional,
    live_win_odds: liveWin,
    overlay: isOverlay(liveWin, winFair, FAIR_ODDS_OVERLAY_MARGIN),
  };
}
