import { ConfigError, loadConfig } from './app-config';

describe(loadConfig.name, () => {
  it('should give the embedded defaults for an empty environment', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      database: { url: undefined, dataDir: './data' },
      redis: { url: undefined, prefix: 'furlong' },
      seed: { value: 1, onStart: true, baseDate: '2026-11-01' },
      logLevel: 'info',
    });
  });

  it('should treat empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('should read every setting from the environment', () => {
    const sut = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/furlong',
      REDIS_URL: 'redis://cache:6379',
      SEED: '42',
      SEED_ON_START: 'false',
      LOG_LEVEL: 'debug',
    });
    expect(sut).toMatchObject({
      port: 8080,
      database: { url: 'postgres://u@db:5432/furlong' },
      redis: { url: 'redis://cache:6379' },
      seed: { value: 42, onStart: false },
      logLevel: 'debug',
    });
  });

  it('should run live racing on the wall clock by default, and read its settings', () => {
    expect(loadConfig({}).racing).toEqual({
      enabled: true,
      timeScale: 1,
      openLeadMinutes: 30,
      schedulerIntervalMs: 30_000,
      scratchRate: 0.03,
    });
    expect(
      loadConfig({
        RACING_ENABLED: 'false',
        RACING_TIME_SCALE: '60',
        RACING_OPEN_LEAD_MINUTES: '10',
        RACING_SCHEDULER_SECONDS: '0.5',
        RACING_SCRATCH_RATE: '0',
      }).racing,
    ).toEqual({ enabled: false, timeScale: 60, openLeadMinutes: 10, schedulerIntervalMs: 500, scratchRate: 0 });
  });

  it('should refuse a scratch rate outside 0 to 0.5', () => {
    expect(() => loadConfig({ RACING_SCRATCH_RATE: '-0.1' })).toThrow('RACING_SCRATCH_RATE');
    expect(() => loadConfig({ RACING_SCRATCH_RATE: 'often' })).toThrow('RACING_SCRATCH_RATE');
  });

  it('should simulate 5,000 runs per race for fair odds by default, 0 turning them off', () => {
    expect(loadConfig({}).fairOdds.runs).toBe(5000);
    expect(loadConfig({ FAIR_ODDS_RUNS: '200' }).fairOdds.runs).toBe(200);
    expect(loadConfig({ FAIR_ODDS_RUNS: '0' }).fairOdds.runs).toBe(0);
  });

  it('should refuse a fair-odds run count that is not a whole number from 0 to 100,000', () => {
    for (const bad of ['-1', '1.5', '100001', 'many']) {
      expect(() => loadConfig({ FAIR_ODDS_RUNS: bad })).toThrow('FAIR_ODDS_RUNS');
    }
  });

  it('should refuse a racing time scale that is not positive', () => {
    expect(() => loadConfig({ RACING_TIME_SCALE: '0' })).toThrow('RACING_TIME_SCALE');
    expect(() => loadConfig({ RACING_TIME_SCALE: 'fast' })).toThrow('RACING_TIME_SCALE');
  });

  it('should read the accounts settings with safe defaults', () => {
    const sut = loadConfig({}).accounts;
    expect(sut).toMatchObject({
      secretGenerated: true,
      sessionIdleTimeoutMs: 1_200_000,
      cookieSecure: 'auto',
      passwordHash: { memoryKib: 19_456, iterations: 2 },
      loginThrottle: { maxFailuresPerEmail: 5, maxFailuresPerIp: 30, windowMs: 900_000 },
      passLoginTtlMs: 60_000,
      startingCreditCents: 100_000,
      admin: undefined,
    });
    expect(sut.secret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ ADMIN_EMAIL: 'Boss@X.test', ADMIN_PASSWORD: 'twelve chars!' }).accounts.admin).toEqual({
      email: 'boss@x.test',
      password: 'twelve chars!',
      username: 'admin',
    });
  });

  it('should refuse weak accounts settings and a half-set admin', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@x.test' })).toThrow('ADMIN_EMAIL and ADMIN_PASSWORD go together');
    expect(() => loadConfig({ ADMIN_EMAIL: 'boss@x.test', ADMIN_PASSWORD: 'short' })).toThrow('ADMIN_PASSWORD');
    expect(() => loadConfig({ PASSWORD_HASH_MEMORY_KIB: '4096' })).toThrow('OWASP minimum');
    expect(() => loadConfig({ AUTH_SECRET: 'too short' })).toThrow('AUTH_SECRET');
    expect(() => loadConfig({ STARTING_CREDIT_CENTS: '12.5' })).toThrow('STARTING_CREDIT_CENTS');
  });

  it("should read the state's tote rules: the minimum payout, the breakage and the Pick N jackpot shares", () => {
    const defaults = loadConfig({}).wagering;
    expect(defaults.priceRules).toEqual({ minPricePerDollarCents: 105, breakageCents: 10 });
    expect(defaults.pickMajorShare).toEqual({ 6: 0.75, 7: 0.75, 8: 0.75, 9: 0.75, 10: 0.75 });
    const sut = loadConfig({
      WAGERING_MIN_PAYOUT_CENTS: '220',
      WAGERING_BREAKAGE_CENTS: '5',
      WAGERING_PICK_MAJOR_SHARES: '4:0.5, 6:0.7',
    }).wagering;
    expect(sut.priceRules).toEqual({ minPricePerDollarCents: 110, breakageCents: 5 });
    expect(sut.pickMajorShare).toEqual({ 4: 0.5, 6: 0.7 });
    expect(loadConfig({ WAGERING_PICK_MAJOR_SHARES: 'none' }).wagering.pickMajorShare).toEqual({});
    expect(() => loadConfig({ WAGERING_MIN_PAYOUT_CENTS: '211' })).toThrow('WAGERING_MIN_PAYOUT_CENTS');
    expect(() => loadConfig({ WAGERING_MIN_PAYOUT_CENTS: '190' })).toThrow('WAGERING_MIN_PAYOUT_CENTS');
    expect(() => loadConfig({ WAGERING_BREAKAGE_CENTS: '1' })).toThrow('WAGERING_BREAKAGE_CENTS');
    expect(() => loadConfig({ WAGERING_PICK_MAJOR_SHARES: '6:1.5' })).toThrow("'6:1.5' is not legs:share");
    expect(() => loadConfig({ WAGERING_PICK_MAJOR_SHARES: 'pick6' })).toThrow('WAGERING_PICK_MAJOR_SHARES');
  });

  it('should list every bad value in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', PAST_PERFORMANCE_CRON: 'soon' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const fields = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(fields).toEqual(['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PAST_PERFORMANCE_CRON']);
    expect((error as ConfigError).message).toContain(
      'DATABASE_URL: must be a URL starting with postgres:// or postgresql://',
    );
  });
});
