import { type EngineInput, horseTraits, jockeySkill, simulateFairOdds } from '@furlong/domain';
import { WorkerFairOddsSimulator } from './fair-odds-simulator';

// The thread runs the domain's build (libs/domain/dist, as the built server does): `npm run build:libs` first.
const RACE: Omit<EngineInput, 'seed'> = {
  runners: [1, 2, 3, 4, 5, 6].map((post) => ({
    post_position: post,
    horse_id: post * 11,
    speed_figure: 80 + 3 * post,
    ...horseTraits(post * 11),
    jockey_skill: jockeySkill(5 + 2 * post),
  })),
  conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
};

describe(WorkerFairOddsSimulator.name, () => {
  let sut: WorkerFairOddsSimulator;

  beforeEach(() => {
    sut = new WorkerFairOddsSimulator();
  });

  afterEach(async () => {
    await sut.onModuleDestroy();
  });

  it('should give in its thread exactly what simulateFairOdds gives for the same race, runs and seed', async () => {
    const outcome = await sut.simulate({ race: RACE, runs: 300, seed: 'worker-check' });

    expect(outcome.runs).toBe(300);
    expect(outcome.odds).toEqual(simulateFairOdds(RACE, 300, 'worker-check').result());
    expect(outcome.odds.reduce((sum, o) => sum + o.win, 0)).toBeCloseTo(1, 12);
    expect(outcome.ms).toBeGreaterThan(0);
  });

  it('should start its one thread on the first request, and answer requests in parallel in turn', async () => {
    expect(sut.started).toBe(false);

    const [a, b] = await Promise.all([
      sut.simulate({ race: RACE, runs: 50, seed: 'a' }),
      sut.simulate({ race: RACE, runs: 60, seed: 'b' }),
    ]);

    expect(sut.started).toBe(true);
    expect([a.runs, b.runs]).toEqual([50, 60]);
  });

  it('should pass on a simulation that fails and keep serving', async () => {
    const bad = { ...RACE, runners: [] };

    await expect(sut.simulate({ race: bad, runs: 10, seed: 'x' })).rejects.toThrow('at least one runner');
    expect((await sut.simulate({ race: RACE, runs: 10, seed: 'y' })).runs).toBe(10);
  });

  it('should end its thread once idle, and start another for the next request', async () => {
    const quick = new WorkerFairOddsSimulator(undefined, 50);
    try {
      await quick.simulate({ race: RACE, runs: 10, seed: 'i' });
      expect(quick.started).toBe(true);

      const deadline = Date.now() + 5000;
      while (quick.started && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

      expect(quick.started).toBe(false);
      expect((await quick.simulate({ race: RACE, runs: 10, seed: 'j' })).runs).toBe(10);
      expect(quick.started).toBe(true);
    } finally {
      await quick.onModuleDestroy();
    }
  });

  it('should not end a thread that is working when its idle time runs out', async () => {
    const quick = new WorkerFairOddsSimulator(undefined, 5);
    try {
      await quick.simulate({ race: RACE, runs: 10, seed: 'k' });
      // The idle timer of the first answer would fire while this one runs (thousands of runs take far more than 5 ms).
      const long = await quick.simulate({ race: RACE, runs: 3000, seed: 'l' });

      expect(long.runs).toBe(3000);
      expect(long.ms).toBeGreaterThan(5);
    } finally {
      await quick.onModuleDestroy();
    }
  });

  it('should refuse work once closed', async () => {
    await sut.simulate({ race: RACE, runs: 10, seed: 'z' });

    await sut.onModuleDestroy();

    expect(sut.started).toBe(false);
    await expect(sut.simulate({ race: RACE, runs: 10, seed: 'z' })).rejects.toThrow('closed');
  });
});
