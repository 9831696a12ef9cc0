import { z } from 'zod';
import { CSRF_HEADER } from './accounts';
import { defineOperation } from './api';
import { WAGER_LIMITS } from './wagering';

/** How odds are shown: the tote board's fractional odds (5-2) or decimal odds (3.50). */
export const ODDS_FORMATS = ['fractional', 'decimal'] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** Limits of the settings, shared so the settings page shows the server's rules. */
export const SETTINGS_LIMITS = {
  /** $1: the smallest whole-dollar base amount every bet type takes. */
  minBetAmountCents: 100,
  maxBetAmountCents: WAGER_LIMITS.maxAmountCents,
  /** Whole dollars, so the default fits every bet type's step (10¢ or $1). */
  betAmountStepCents: 100,
  timeZoneMax: 64,
} as const;

/** Whether `name` is an IANA time zone this runtime knows (Intl accepts it). */
export function isTimeZone(name: string): boolean {
  // Names only (Europe/London, UTC): Intl also takes raw offsets such as +01:00, which are not zones.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const L = SETTINGS_LIMITS;

/**
 * A user's settings: the same shape for an account (stored by the server) and a visitor (kept in
 * the browser's localStorage). `time_zone` null means the browser's own zone.
 */
export const userSettingsSchema = z
  .object({
    time_zone: z
      .string({ message: 'must be an IANA time zone name or null' })
      .max(L.timeZoneMax, `must be at most ${L.timeZoneMax} characters`)
      .refine(isTimeZone, { message: 'must be an IANA time zone, e.g. America/New_York' })
      .nullable()
      .describe("an IANA time zone (America/New_York); null: the browser's own"),
    odds_format: z.enum(ODDS_FORMATS, { message: `must be one of ${ODDS_FORMATS.join(', ')}` }),
    default_bet_amount_cents: z
      .int({ message: 'must be a whole number of cents' })
      .min(L.minBetAmountCents, `must be at least ${L.minBetAmountCents} cents ($1)`)
      .max(L.maxBetAmountCents, `must be at most ${L.maxBetAmountCents} cents`)
      .multipleOf(L.betAmountStepCents, 'must be whole dollars (a multiple of 100 cents)')
      .describe("the bet slip's starting base amount"),
    notify_own_horse_running: z
      .boolean({ message: 'must be true or false' })
      .describe("show the stable's notices when one of your horses is entered or running"),
    notify_own_bet_results: z
      .boolean({ message: 'must be true or false' })
      .describe('highlight the results of your settled bets'),
  })
  .strict()
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** The settings of an account that never saved any, and of a new visitor. */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  time_zone: null,
  odds_format: 'fractional',
  default_bet_amount_cents: 200,
  notify_own_horse_running: true,
  notify_own_bet_results: true,
};

const NO_SESSION_401 = 'not logged in, or the session ran out (reason `not_logged_in` or `session_expired`)';

export const settingsApi = {
  mySettings: defineOperation({
    method: 'get',
    path: '/me/settings',
    tags: ['accounts'],
    access: 'session',
    summary: "The logged-in user's settings (the defaults until saved)",
    status: 200,
    response: userSettingsSchema,
    errors: { 401: NO_SESSION_401 },
  }),
  updateMySettings: defineOperation({
    method: 'put',
    path: '/me/settings',
    tags: ['accounts'],
    access: 'session',
    summary: "Replace the logged-in user's settings (every field)",
    body: userSettingsSchema,
    status: 200,
    response: userSettingsSchema,
    errors: {
      400: 'a field is missing or invalid (each is named in `errors`)',
      401: NO_SESSION_401,
      403: `missing or invalid ${CSRF_HEADER} header, or a cross-site request (reason \`csrf\`)`,
    },
  }),
};
