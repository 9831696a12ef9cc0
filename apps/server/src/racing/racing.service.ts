import { createHash } from 'node:crypto';
import {
  type LiveRaceResult,
  type RaceFrame,
  type RaceSnapshot,
  type RaceVerification,
  WIRE_POSITION,
} from '@furlong/contracts';
import {
  type EngineInput,
  type EngineRunner,
  horseTraits,
  jockeySkill,
  officialOrder,
  officialTimeMs,
  type SimulatedRace,
  sameResult,
  simulateRace,
  storedRace,
} from '@furlong/domain';
import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { notFound } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { RacePhase } from './entities/current-race.entity';
import {
  RaceRepository,
  type RaceRunSpec,
  type ResultSummaryRow,
  type ResultsFilter,
  type RunnerFormRow,
} from './race.repository';
import { RaceEvents } from './race-events';
import { officialFinishers } from './race-result.math';
import { type RaceToRate, RunnerRatings } from './runner-ratings';
import { sampleDueAt, toFrame } from './sample-timetable';

/** Speed figure of a horse without form. */
export const DEFAULT_SPEED_FIGURE = 80;
const SIMULATION_CACHE_SIZE = 256;

/** A fresh secret seed (32 random bytes, hex) and its SHA-256 (hex), published when betting opens. */
export function newSeed(random: Randomness): { seed: string; seed_hash: string } {
  const seed = random.hex(32);
  return { seed, seed_hash: seedHash(seed) };
}

export function seedHash(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

/** The engine's runner from a horse's form: figures from the past performances, traits from the id. */
export function engineRunner(
  form: Pick<RunnerFormRow, 'post_position' | 'horse_id' | 'speed_figure' | 'jockey_win_pct'>,
): EngineRunner {
  const traits = horseTraits(form.horse_id);
  return {
    post_position: form.post_position,
    horse_id: form.horse_id,
    speed_figure: form.speed_figure ?? DEFAULT_SPEED_FIGURE,
    stamina: traits.stamina,
    early_speed: traits.early_speed,
    jockey_skill: jockeySkill(form.jockey_win_pct ?? 0),
  };
}

export function engineInput(spec: RaceRunSpec & { seed: string; engine_runners: EngineRunner[] }): EngineInput {
  return {
    seed: spec.seed,
    runners: spec.engine_runners,
    conditions: { furlongs: spec.furlongs, surface: spec.surface_type, condition: spec.track_condition },
  };
}

/** A race ready to run: its spec with the seed and runners fixed, and the simulated race. */
export interface RunnableRace {
  spec: RaceRunSpec & { seed: string; engine_runners: EngineRunner[] };
  race: SimulatedRace;
}

/**
 * The live race's use cases apart from the timing: opening races (seed and engine input), the
 * simulation (cached: a race is simulated once per instance), recording a result, the snapshot a
 * viewer gets on joining, the official result and its verification.
 */
@Injectable()
export class RacingService {
  private readonly logger = new Logger('Racing');
  private readonly simulations = new Map<string, SimulatedRace>();

  constructor(
    @Inject(RaceRepository) private readonly repository: RaceRepository,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RaceEvents) private readonly events: RaceEvents,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(RunnerRatings) private readonly ratings: RunnerRatings,
  ) {}

  /** Opens the given scheduled races: each gets a secret seed, its hash and its engine runners. */
  async open(raceIds: readonly number[]): Promise<number[]> {
    if (raceIds.length === 0) return [];
    const byRace = await this.ratedRunners(raceIds);
    const updated = new Set(
      await this.repository.open(
        raceIds.map((id) => ({ id, ...newSeed(this.random), engine_runners: byRace.get(id) ?? [] })),
      ),
    );
    // In the order given (the scheduler's: soonest post first), not the UPDATE's: the work each
    // opening starts (fair odds on one background lane) then reaches the next race off first.
    const opened = raceIds.filter((id) => updated.has(id));
    // Announced, not handed on: a subscriber's failure does not undo the opening.
    if (opened.length > 0) await this.events.emit('race.opened', { race_ids: opened });
    return opened;
  }

  /** The engine's runners of these races from their form, as the raters (RunnerRatings) rate their own. */
  private async ratedRunners(raceIds: readonly number[]): Promise<Map<number, EngineRunner[]>> {
    const forms = await this.repository.runnerForms(raceIds);
    const races = new Map<number, RaceToRate & { runners: EngineRunner[] }>();
    for (const form of forms) {
      let race = races.get(form.current_race_id);
      if (!race) {
        race = {
          race_id: form.current_race_id,
          surface: form.surface_type,
          condition: form.track_condition,
          runners: [],
        };
        races.set(form.current_race_id, race);
      }
      race.runners.push(engineRunner(form));
    }
    return this.ratings.rate([...races.values()]);
  }

  /** A race that can run (open or later, with its seed), simulated; undefined otherwise. */
  async runnable(id: number): Promise<RunnableRace | undefined> {
    const spec = await this.repository.runSpec(id);
    return spec && this.runnableFrom(spec);
  }

  /** runnable for a race spec already read (a viewer's join reads it once for both). */
  private async runnableFrom(spec: RaceRunSpec): Promise<RunnableRace | undefined> {
    const id = spec.id;
    if (!spec.seed || spec.status === 'scheduled' || spec.entries.length === 0) return undefined;
    let runners = spec.engine_runners;
    if (!runners) {
      runners = (await this.ratedRunners([id])).get(id) ?? [];
      await this.repository.setEngineRunners(id, runners);
      const again = await this.repository.runSpec(id);
      runners = again?.engine_runners ?? runners;
    }
    const ready = { ...spec, seed: spec.seed, engine_runners: runners };
    return { spec: ready, race: this.simulate(ready) };
  }

  /**
   * What the race will run as, without its secret seed: the engine's runners (its starters, as a
   * scratch leaves them) and conditions, exactly as the runner builds its input at the off; for
   * simulating the race on other seeds (fair odds). Undefined for an unknown race, or one whose
   * runners are not fixed yet (before betting opens).
   */
  async fieldToSimulate(id: number): Promise<{ status: RacePhase; race: Omit<EngineInput, 'seed'> } | undefined> {
    const spec = await this.repository.runSpec(id);
    if (!spec?.engine_runners || spec.status === 'scheduled' || spec.engine_runners.length === 0) return undefined;
    const { seed: _secret, ...race } = engineInput({ ...spec, seed: '', engine_runners: spec.engine_runners });
    return { status: spec.status, race };
  }

  /** simulateRace once per race, seed and field on this instance (the result is a pure function of them). */
  simulate(spec: RunnableRace['spec']): SimulatedRace {
    // The field is part of the key: a scratch after the race was first simulated changes the race.
    const key = `${spec.id}:${spec.seed}:${spec.engine_runners.map((r) => r.post_position).join(',')}`;
    const cached = this.simulations.get(key);
    if (cached) return cached;
    const race = simulateRace(engineInput(spec));
    if (this.simulations.size >= SIMULATION_CACHE_SIZE) {
      const oldest = this.simulations.keys().next().value;
      if (oldest !== undefined) this.simulations.delete(oldest);
    }
    this.simulations.set(key, race);
    return race;
  }

  /**
   * Writes the official result once (a second call, here or on another instance, changes nothing),
   * then refreshes the runners' past performances. Returns the result, or undefined if the race
   * could not finish (it was cancelled meanwhile).
   */
  async record(runnable: RunnableRace): Promise<{ result: LiveRaceResult; written: boolean } | undefined> {
    const { spec, race } = runnable;
    const finishers = officialFinishers(race, spec.engine_runners, spec.meters, spec.purse_cents);
    // The result carries the racing-clock instant the last runner passed the wire.
    const finishedAt = new Date(spec.post_time.getTime() + Math.round(Math.max(...race.finish_times_ms)));
    const outcome = await this.repository.writeResult({
      spec,
      finishers,
      // The winner's recorded time, as its finisher row and the race clock have it.
      winnerTimeMs: finishers[0]?.finish_time_ms ?? officialTimeMs(race.winner_time_ms),
      positions: race.samples.map((s) => s.progress.map((x) => Math.round(x * 10_000) / 10_000)),
      finishedAt,
      wirePosition: WIRE_POSITION,
    });
    if (!outcome) return undefined;
    // Announced once, by the writer (subscribers such as settlement act on it).
    if (outcome.written) {
      await this.events.emit('race.resulted', { current_race_id: spec.id, result_id: outcome.resultId });
    }
    if (outcome.written) {
      try {
        await this.repository.refreshPastPerformances(
          finishers.map((f) => f.horse_id),
          this.clock.now(),
        );
      } catch (err) {
        // The nightly refresh repairs it; the result itself is written.
        this.logger.warn(`past performances of race ${spec.id} not refreshed: ${(err as Error).message}`);
      }
    }
    const result = await this.repository.result({ currentRaceId: spec.id });
    if (!result) throw new Error(`race ${spec.id}: result ${outcome.resultId} written but not readable`);
    return { result, written: outcome.written };
  }

  /** What a viewer gets on joining: the race, its phase, the clock, the latest frame or the result. */
  async snapshot(id: number): Promise<RaceSnapshot | undefined> {
    const spec = await this.repository.runSpec(id);
    if (!spec) return undefined;
    const wallNow = this.clock.wallNow();
    const racingNow = this.clock.toRacing(wallNow);
    let frame: RaceFrame | null = null;
    if (spec.status === 'running') {
      const runnable = await this.runnableFrom(spec);
      if (runnable) {
        const k = Math.max(0, sampleDueAt(spec.post_time.getTime(), racingNow, runnable.race.samples.length));
        if (runnable.race.samples[k]) frame = toFrame(id, k, runnable.race, wallNow);
      }
    }
    return {
      race_id: spec.id,
      race_name: `${spec.location} Race ${spec.race_number}`,
      track_id: spec.track_id,
      track_name: spec.track_name,
      furlongs: spec.furlongs,
      surface_type: spec.surface_type,
      track_condition: spec.track_condition,
      phase: spec.status,
      post_time: spec.post_time.toISOString(),
      server_time: new Date(racingNow).toISOString(),
      time_scale: this.config.racing.timeScale,
      seed_hash: spec.seed_hash,
      entries: spec.entries,
      scratched: spec.scratched,
      cancel_reason: spec.cancel_reason,
      frame,
      result: spec.status === 'finished' ? ((await this.repository.result({ currentRaceId: id })) ?? null) : null,
    };
  }

  /** GET /api/current_races/{id}/result: 404 for an unknown race, 409 until it has finished. */
  async resultOfRace(id: number): Promise<LiveRaceResult> {
    const result = await this.repository.result({ currentRaceId: id });
    if (result) return result;
    const phase = await this.repository.phase(id);
    if (phase === null) throw notFound('Current race', id);
    throw notFound('Result of current race', id);
  }

  /** GET /api/race_results/{id}: a live race's result by its result id. */
  async resultById(resultId: number): Promise<LiveRaceResult> {
    const result = await this.repository.result({ resultId });
    if (!result) throw notFound('Live race result', resultId);
    return result;
  }

  /** A page of live results, newest post time first: all tracks, or one track and one card day. */
  resultsPage(filter: ResultsFilter): Promise<{ rows: ResultSummaryRow[]; total: number }> {
    return this.repository.resultsPage(filter);
  }

  /** Re-runs a finished race from its revealed seed and compares it with the official result. */
  async verify(id: number): Promise<RaceVerification> {
    const phase = await this.repository.phase(id);
    if (phase === null) throw notFound('Current race', id);
    const result = phase === 'finished' ? await this.repository.result({ currentRaceId: id }) : undefined;
    const spec = await this.repository.runSpec(id);
    if (!result || !spec?.seed || !spec.engine_runners) {
      throw new ConflictException({
        statusCode: 409,
        error: 'Conflict',
        message: `Current race ${id} has not finished (${phase}): its seed is revealed at the finish`,
      });
    }
    // A fresh run, not the cache: the point is to recompute from the revealed seed.
    const rerun = simulateRace(engineInput({ ...spec, seed: spec.seed, engine_runners: spec.engine_runners }));
    const official = storedRace(result.finishers, spec.engine_runners);
    const posts = spec.engine_runners.map((r) => r.post_position);
    return {
      current_race_id: id,
      seed: spec.seed,
      seed_hash: result.seed_hash,
      hash_matches: seedHash(spec.seed) === result.seed_hash,
      result_matches: sameResult(official, rerun, posts),
      official_order: official.finish_order,
      // As the official result lists it (a dead heat by program number), so equal results read equal.
      rerun_order: officialOrder(rerun, posts),
    };
  }
}
