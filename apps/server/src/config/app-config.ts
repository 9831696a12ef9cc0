import { randomBytes } from 'node:crypto';
import { BREAKAGE_STEPS, DEFAULT_PRICE_RULES, type PriceRules, priceRulesProblems } from '@furlong/domain';
import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

/** Pick 6 to Pick 10 keep 75 % of the net pool for all-correct tickets (a jackpot); Pick 3–5 pay all to the most correct. */
const PICK_JACKPOT_DEFAULT = { 6: 0.75, 7: 0.75, 8: 0.75, 9: 0.75, 10: 0.75 };

function isCronPattern(value: string): boolean {
  try {
    CronExpressionParser.parse(value);
    return true;
  } catch {
    return false;
  }
}

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:/]+))*$/,
      'must be loopback, linklocal, uniquelocal or addresses/CIDRs, comma-separated',
    )
    .default('loopback'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  SHUTDOWN_SOCKETS_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_DB_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('furlong'),
  SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
  SEED_ON_START: bool.default(true),
  SEED_BASE_DATE: z.iso.date({ message: 'must be a date YYYY-MM-DD' }).default('2026-11-01'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PAST_PERFORMANCE_CRON: z
    .string()
    .refine(isCronPattern, { message: 'must be a cron pattern such as 0 4 * * *' })
    .default('0 4 * * *'),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  RACING_ENABLED: bool.default(true),
  RACING_TIME_SCALE: z.coerce.number().positive().max(3600).default(1),
  RACING_OPEN_LEAD_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  RACING_SCHEDULER_SECONDS: z.coerce.number().min(0.2).max(600).default(30),
  // Chance per runner that the simulation scratches it (before or while betting is open); 0 disables.
  RACING_SCRATCH_RATE: z.coerce.number().min(0).max(0.5).default(0.03),
  // Races simulated per opened race for its fair odds; 0 turns fair odds off.
  FAIR_ODDS_RUNS: z.coerce.number().int().min(0).max(100_000).default(5000),
  // The stable: the fee to enter a race, and limits per user.
  STABLE_ENTRY_FEE_CENTS: z.coerce.number().int().min(0).max(10_000_000).default(2500),
  STABLE_HORSES_MAX: z.coerce.number().int().min(1).max(1000).default(20),
  STABLE_CREATED_PER_DAY_MAX: z.coerce.number().int().min(1).max(1000).default(5),
  STABLE_CREATED_RACES_PER_DAY_MAX: z.coerce.number().int().min(1).max(10_000).default(20),
  // The auction: the soft-close window, lot spacing, commission, resale lock and the house's own sales.
  AUCTION_SOFT_CLOSE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  AUCTION_LOT_SPACING_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  AUCTION_COMMISSION_BPS: z.coerce.number().int().min(0).max(5000).default(500),
  AUCTION_RESALE_LOCK_HOURS: z.coerce.number().min(0).max(8760).default(24),
  AUCTION_HOUSE_SALES: bool.default(true),
  AUCTION_HOUSE_SALE_LOTS: z.coerce.number().int().min(1).max(60).default(8),
  AUCTION_HOUSE_SALE_OPEN_MINUTES: z.coerce.number().min(1).max(10_080).default(30),
  // The sale company: transport quote requests a user may send in 24 hours.
  TRANSPORT_QUOTES_PER_DAY_MAX: z.coerce.number().int().min(1).max(10_000).default(20),
  // Forms and the outbox (issue 20): the mail transport, addresses, retries, and the per-address limit.
  MAIL_SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).max(200).default('Furlong <no-reply@furlong.example>'),
  MAIL_TO: z.email({ message: 'must be an e-mail address' }).default('office@furlong.example'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(86_400).default(30),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(0.01).max(604_800).default(3600),
  FORMS_MAX_PER_EMAIL_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
  FORMS_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  // Free races: make a new set of free boards whenever the last one has finished.
  FREE_BOARDS: bool.default(true),
  // News: an RSS/Atom feed whose items join the news (none by default), and how often it is read.
  NEWS_FEED_URL: url(['http:', 'https:']).optional(),
  NEWS_FEED_EVERY_MINUTES: z.coerce.number().min(1).max(1440).default(15),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  METRICS_ENABLED: bool.default(true),
});

// Accounts: sessions, login throttling, the first admin and the wallet's starting credit.
const accountsEnvSchema = z
  .object({
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(1200),
    SESSION_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(43_200),
    COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
    PASSWORD_HASH_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(19_456, 'OWASP minimum is 19456')
      .max(1_048_576)
      .default(19_456),
    PASSWORD_HASH_ITERATIONS: z.coerce.number().int().min(2, 'OWASP minimum is 2').max(20).default(2),
    LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).max(1000).default(5),
    LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
    LOGIN_THROTTLE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    REGISTER_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
    PASS_LOGIN_TTL_SECONDS: z.coerce.number().int().min(10).max(600).default(60),
    LOGIN_LINK_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
    STARTING_CREDIT_CENTS: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000),
    ADMIN_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(128).optional(),
    ADMIN_USERNAME: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{3,30}$/, '3-30 letters, digits, _ . or -')
      .default('admin'),
  })
  .refine((e) => (e.ADMIN_EMAIL === undefined) === (e.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither',
    path: ['ADMIN_PASSWORD'],
  });

// Wagering: takeout per bet type, house liquidity, the simulated crowd and the tote refresh.
const takeout = z.coerce.number().min(0).max(0.5);
const wageringEnvSchema = z.object({
  WAGERING_TAKEOUT_WIN_PLACE_SHOW: takeout.default(0.16),
  WAGERING_TAKEOUT_EXACTA_QUINELLA_DOUBLE: takeout.default(0.185),
  WAGERING_TAKEOUT_TRIFECTA_SUPERFECTA_PICK: takeout.default(0.24),
  FEATURED_BONUS_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  FEATURED_BONUS_CAP_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(5000),
  WAGERING_SEED_WIN_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(200_000),
  WAGERING_SEED_EXOTIC_CENTS: z.coerce.number().int().min(0).max(100_000_000).default(100_000),
  WAGERING_CROWD_CENTS_PER_TICK: z.coerce.number().int().min(0).max(10_000_000).default(20_000),
  WAGERING_TOTE_SECONDS: z.coerce.number().min(0.2).max(600).default(5),
  WAGERING_SLIP_GROUP_MAX: z.coerce.number().int().min(1).max(1000).default(64),
  WAGERING_SLIP_GROUPS_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(2),
  WAGERING_MIN_PAYOUT_CENTS: z.coerce
    .number()
    .int()
    .refine(
      (c) => c % 2 === 0 && priceRulesProblems({ minPricePerDollarCents: c / 2, breakageCents: 10 }).length === 0,
      {
        message: 'must be an even number of cents per $2 from 200 to 300 (210 pays $2.10)',
      },
    )
    .default(2 * DEFAULT_PRICE_RULES.minPricePerDollarCents),
  WAGERING_BREAKAGE_CENTS: z.coerce
    .number()
    .int()
    .refine((c) => (BREAKAGE_STEPS as readonly number[]).includes(c), {
      message: `must be ${BREAKAGE_STEPS.join(' (nickel) or ')} (dime) cents`,
    })
    .default(DEFAULT_PRICE_RULES.breakageCents),
  WAGERING_PICK_MAJOR_SHARES: z
    .string()
    .transform((value, ctx) => {
      const shares: Record<number, number> = {};
      // 'none': every Pick N pays all to the most races correct.
      if (value.trim() === 'none') return shares;
      for (const part of value.split(',').filter((p) => p.trim() !== '')) {
        const [legs = Number.NaN, share = Number.NaN] = part.split(':').map((x) => Number(x.trim()));
        if (!Number.isInteger(legs) || legs < 3 || legs > 10 || !(share >= 0 && share <= 1)) {
          ctx.addIssue({
            code: 'custom',
            message: `'${part}' is not legs:share (legs 3 to 10, share 0 to 1), e.g. 6:0.75`,
          });
          return z.NEVER;
        }
        shares[legs] = share;
      }
      return shares;
    })
    .default(PICK_JACKPOT_DEFAULT),
});

export type Env = z.input<typeof envSchema> & z.input<typeof accountsEnvSchema> & z.input<typeof wageringEnvSchema>;

/** The validated settings of one server process. */
export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /**
   * On SIGTERM: /api/health answers 503 `draining` for drainMs while requests are still served (so a
   * load balancer stops sending new ones); then, with Redis (other instances to go to), the live
   * connections are sent away `socketsPerSecond` a second; and the close, sending away included, may
   * take timeoutMs before the process exits anyway.
   */
  shutdown: { drainMs: number; timeoutMs: number; socketsPerSecond: number };
  /**
   * The proxies whose X-Forwarded-For and -Proto are believed (Fastify's `trustProxy`): the client's
   * address (per-address limits, the audit log) and https come from them.
   */
  trustProxy: string;
  /** The database; embeddedSharedBuffersMb: PGlite's shared_buffers (its WebAssembly memory, resident for good). */
  database: { url?: string; poolSize: number; dataDir: string; embeddedSharedBuffersMb: number };
  redis: { url?: string; prefix: string };
  /** Seed data: the generator's seed, whether to fill an empty database at start, last day of history. */
  seed: { value: number; onStart: boolean; baseDate: string };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  webDist?: string;
  jobs: { pastPerformanceCron: string };
  /** How long (ms) a catalog list page is answered from memory; 0: never. */
  catalogCacheMs: number;
  accounts: AccountsConfig;
  /**
   * Live racing: whether races run by themselves, racing-clock seconds per wall second, how long
   * before post (racing time) betting opens, and how often (wall time) the scheduler job runs.
   */
  racing: {
    enabled: boolean;
    timeScale: number;
    openLeadMinutes: number;
    schedulerIntervalMs: number;
    /** Chance per runner that the simulation scratches it before the off (0 disables). */
    scratchRate: number;
  };
  wagering: WageringConfig;
  /** Fair odds: races simulated per opened race (0: none are made). */
  fairOdds: { runs: number };
  /** The stable: entry fee (cents) and per-user limits (horses owned, created per day, races generated per day). */
  stable: { entryFeeCents: number; horsesMax: number; createdPerDayMax: number; createdRacesPerDayMax: number };
  /**
   * The auction: soft-close window and lot spacing (ms), commission (basis points), how long a
   * bought horse cannot be consigned again (ms), and the house's own sales (lots, and how long one
   * takes bids before its first lot closes).
   */
  auction: {
    softCloseMs: number;
    lotSpacingMs: number;
    commissionBps: number;
    resaleLockMs: number;
    houseSales: boolean;
    houseSaleLots: number;
    houseSaleOpenMs: number;
  };
  /** The sale company: transport quote requests a user may send in 24 hours. */
  saleCompany: { transportQuotesPerDayMax: number };
  /**
   * Forms and the outbox: SMTP when smtpUrl is set (else nodemailer's JSON transport, to the log),
   * the sender, the office inbox forms go to, attempts per mail and the backoff (ms, doubling to the cap).
   */
  mail: { smtpUrl?: string; from: string; to: string; maxAttempts: number; retryBaseMs: number; retryMaxMs: number };
  /** Form submissions (quotes and messages) in an hour per sender's e-mail address and per client address. */
  forms: { maxPerEmailPerHour: number; maxPerIpPerHour: number };
  /** Free races: whether sets of free boards are made (one when the last has finished). */
  free: { boards: boolean };
  /** News: the RSS/Atom feed read into the news (none by default) and how often (ms). */
  news: { feedUrl?: string; feedEveryMs: number };
  /** GET /metrics: the bearer token that may scrape it (operators' and admins' sessions may too). */
  metrics: { token?: string; enabled: boolean };
}

/** Wagering settings (see README, Configuration). */
export interface WageringConfig {
  /** Takeout as a fraction per group of bet types. */
  takeout: { winPlaceShow: number; exactaQuinellaDouble: number; trifectaSuperfectaPick: number };
  /** The featured bonus on a winning Win bet: a share of its payout, at most capCents. */
  featuredBonus: { share: number; capCents: number };
  /** House liquidity put into each win pool when a race opens (place and show get the same). */
  seedWinCents: number;
  /** House liquidity put into each exacta, quinella and trifecta pool when a race opens. */
  seedExoticCents: number;
  /** Upper bound of the simulated crowd's money per open race per tote tick. */
  crowdCentsPerTick: number;
  /** How often (wall time) the tote is recomputed and broadcast while races are open. */
  toteIntervalMs: number;
  /** The state's minimum price and breakage. */
  priceRules: PriceRules;
  /** Most bet slips written in one transaction (group commit); 1: each slip in its own. */
  slipGroupMax: number;
  /** Groups of slips written at the same time (the next forms while these are written). */
  slipGroupsInFlight: number;
  /** Per Pick N (by its legs): the share of the net pool kept for all-correct tickets; absent or 0: all to the most correct. */
  pickMajorShare: Readonly<Record<number, number>>;
}

/** Accounts settings (see README, Configuration). */
export interface AccountsConfig {
  /** Signs CSRF tokens and login links; generated at start when AUTH_SECRET is unset. */
  secret: string;
  secretGenerated: boolean;
  sessionIdleTimeoutMs: number;
  sessionMaxAgeMs: number;
  cookieSecure: 'auto' | 'always' | 'never';
  passwordHash: { memoryKib: number; iterations: number };
  loginThrottle: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowMs: number };
  registerMaxPerIpPerHour: number;
  passLoginTtlMs: number;
  loginLinkTtlMs: number;
  startingCreditCents: number;
  admin?: { email: string; password: string; username: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; any bad value throws a ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Empty strings mean "not set", as in a .env file with `KEY=`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const parsedAccounts = accountsEnvSchema.safeParse(cleaned);
  const parsedWagering = wageringEnvSchema.safeParse(cleaned);
  if (!parsed.success || !parsedAccounts.success || !parsedWagering.success) {
    const issues = [
      ...(parsed.error?.issues ?? []),
      ...(parsedAccounts.error?.issues ?? []),
      ...(parsedWagering.error?.issues ?? []),
    ];
    throw new ConfigError(issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const a = parsedAccounts.data;
  const w = parsedWagering.data;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    trustProxy: e.TRUST_PROXY,
    shutdown: {
      drainMs: Math.round(e.SHUTDOWN_DRAIN_SECONDS * 1000),
      timeoutMs: Math.round(e.SHUTDOWN_TIMEOUT_SECONDS * 1000),
      socketsPerSecond: e.SHUTDOWN_SOCKETS_PER_SECOND,
    },
    database: {
      url: e.DATABASE_URL,
      poolSize: e.DATABASE_POOL_SIZE,
      dataDir: e.DATA_DIR,
      embeddedSharedBuffersMb: e.EMBEDDED_DB_SHARED_BUFFERS_MB,
    },
    redis: { url: e.REDIS_URL, prefix: e.QUEUE_PREFIX },
    seed: { value: e.SEED, onStart: e.SEED_ON_START, baseDate: e.SEED_BASE_DATE },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    jobs: { pastPerformanceCron: e.PAST_PERFORMANCE_CRON },
    catalogCacheMs: e.CATALOG_CACHE_MS,
    accounts: {
      secret: a.AUTH_SECRET ?? randomBytes(32).toString('base64url'),
      secretGenerated: a.AUTH_SECRET === undefined,
      sessionIdleTimeoutMs: a.SESSION_IDLE_TIMEOUT_SECONDS * 1000,
      sessionMaxAgeMs: a.SESSION_MAX_AGE_SECONDS * 1000,
      cookieSecure: a.COOKIE_SECURE === 'auto' ? 'auto' : a.COOKIE_SECURE === 'true' ? 'always' : 'never',
      passwordHash: { memoryKib: a.PASSWORD_HASH_MEMORY_KIB, iterations: a.PASSWORD_HASH_ITERATIONS },
      loginThrottle: {
        maxFailuresPerEmail: a.LOGIN_MAX_FAILURES_PER_EMAIL,
        maxFailuresPerIp: a.LOGIN_MAX_FAILURES_PER_IP,
        windowMs: a.LOGIN_THROTTLE_WINDOW_SECONDS * 1000,
      },
      registerMaxPerIpPerHour: a.REGISTER_MAX_PER_IP_PER_HOUR,
      passLoginTtlMs: a.PASS_LOGIN_TTL_SECONDS * 1000,
      loginLinkTtlMs: a.LOGIN_LINK_TTL_SECONDS * 1000,
      startingCreditCents: a.STARTING_CREDIT_CENTS,
      admin:
        a.ADMIN_EMAIL && a.ADMIN_PASSWORD
          ? { email: a.ADMIN_EMAIL.toLowerCase(), password: a.ADMIN_PASSWORD, username: a.ADMIN_USERNAME }
          : undefined,
    },
    racing: {
      enabled: e.RACING_ENABLED,
      timeScale: e.RACING_TIME_SCALE,
      openLeadMinutes: e.RACING_OPEN_LEAD_MINUTES,
      schedulerIntervalMs: Math.round(e.RACING_SCHEDULER_SECONDS * 1000),
      scratchRate: e.RACING_SCRATCH_RATE,
    },
    wagering: {
      takeout: {
        winPlaceShow: w.WAGERING_TAKEOUT_WIN_PLACE_SHOW,
        exactaQuinellaDouble: w.WAGERING_TAKEOUT_EXACTA_QUINELLA_DOUBLE,
        trifectaSuperfectaPick: w.WAGERING_TAKEOUT_TRIFECTA_SUPERFECTA_PICK,
      },
      featuredBonus: { share: w.FEATURED_BONUS_SHARE, capCents: w.FEATURED_BONUS_CAP_CENTS },
      seedWinCents: w.WAGERING_SEED_WIN_CENTS,
      seedExoticCents: w.WAGERING_SEED_EXOTIC_CENTS,
      crowdCentsPerTick: w.WAGERING_CROWD_CENTS_PER_TICK,
      toteIntervalMs: Math.round(w.WAGERING_TOTE_SECONDS * 1000),
      priceRules: { minPricePerDollarCents: w.WAGERING_MIN_PAYOUT_CENTS / 2, breakageCents: w.WAGERING_BREAKAGE_CENTS },
      pickMajorShare: w.WAGERING_PICK_MAJOR_SHARES,
      slipGroupMax: w.WAGERING_SLIP_GROUP_MAX,
      slipGroupsInFlight: w.WAGERING_SLIP_GROUPS_IN_FLIGHT,
    },
    fairOdds: { runs: e.FAIR_ODDS_RUNS },
    stable: {
      entryFeeCents: e.STABLE_ENTRY_FEE_CENTS,
      horsesMax: e.STABLE_HORSES_MAX,
      createdPerDayMax: e.STABLE_CREATED_PER_DAY_MAX,
      createdRacesPerDayMax: e.STABLE_CREATED_RACES_PER_DAY_MAX,
    },
    auction: {
      softCloseMs: e.AUCTION_SOFT_CLOSE_SECONDS * 1000,
      lotSpacingMs: e.AUCTION_LOT_SPACING_SECONDS * 1000,
      commissionBps: e.AUCTION_COMMISSION_BPS,
      resaleLockMs: Math.round(e.AUCTION_RESALE_LOCK_HOURS * 3_600_000),
      houseSales: e.AUCTION_HOUSE_SALES,
      houseSaleLots: e.AUCTION_HOUSE_SALE_LOTS,
      houseSaleOpenMs: Math.round(e.AUCTION_HOUSE_SALE_OPEN_MINUTES * 60_000),
    },
    saleCompany: { transportQuotesPerDayMax: e.TRANSPORT_QUOTES_PER_DAY_MAX },
    mail: {
      smtpUrl: e.MAIL_SMTP_URL,
      from: e.MAIL_FROM,
      to: e.MAIL_TO,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: Math.round(e.MAIL_RETRY_BASE_SECONDS * 1000),
      retryMaxMs: Math.round(e.MAIL_RETRY_MAX_SECONDS * 1000),
    },
    forms: { maxPerEmailPerHour: e.FORMS_MAX_PER_EMAIL_PER_HOUR, maxPerIpPerHour: e.FORMS_MAX_PER_IP_PER_HOUR },
    free: { boards: e.FREE_BOARDS },
    news: { feedUrl: e.NEWS_FEED_URL, feedEveryMs: Math.round(e.NEWS_FEED_EVERY_MINUTES * 60_000) },
    metrics: { token: e.METRICS_TOKEN, enabled: e.METRICS_ENABLED },
  };
}

/** Injection token for AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
