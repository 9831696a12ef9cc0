import { z } from 'zod';
import { CSRF_HEADER } from './accounts';
import { defineOperation, isoDateTime, listResponseSchema, queryEnum, queryInteger } from './api';

// Forms that reach someone (issue 20, spec §3 "Insurance quote form" and the /contact-us and
// /submit-* pages): each is stored, then mailed from the outbox with a confirmation to the sender.
// The insurance quote keeps the spec's field names, so the plain HTML form and the JSON body are one.

/** The name of the hidden field a plain HTML form post carries its CSRF token in. */
export const CSRF_FORM_FIELD = '_csrf';

const text = (max: number, what = 'is required') =>
  z
    .string({ error: what })
    .trim()
    .min(1, { error: what })
    .max(max, { error: `must be at most ${max} characters` });

/** Optional free text: absent, null or blank is none. */
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

const email = () =>
  z
    .string({ error: 'is required' })
    .trim()
    .max(254, { error: 'must be at most 254 characters' })
    .pipe(z.email({ error: 'must be an e-mail address' }))
    .transform((v) => v.toLowerCase());

/** The message for a missing value, else `wrong` (zod 4's error function sees the input). */
const requiredOr =
  (wrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined || issue.input === null ? 'is required' : wrong;

const flag = (what: string) => z.boolean({ error: 'must be true or false' }).default(false).describe(what);

const dollars = (max: number) =>
  z
    .int({ error: requiredOr('must be a whole number of dollars') })
    .min(0, { error: 'must not be negative' })
    .max(max, { error: `must be at most ${max.toLocaleString('en-US')} dollars` });

/** The US states and DC, by postal code. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA',
  'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR',
  'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const; // biome-ignore format: one table

const calendarDate = () =>
  z
    .string({ error: requiredOr('must be a date YYYY-MM-DD') })
    .meta({ format: 'date' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' })
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: 'must be a date YYYY-MM-DD',
      },
    );

/** The limits of the quote form's numbers (the home's year, its size in feet, dollar amounts). */
export const INSURANCE_QUOTE_LIMITS = {
  homeYearMin: 1950,
  lengthFtMin: 20,
  lengthFtMax: 100,
  widthFtMin: 8,
  widthFtMax: 40,
  priceMax: 2_000_000,
} as const;

const L = INSURANCE_QUOTE_LIMITS;

/** The insurance quote (spec §3): every field the spec names, validated. */
export const insuranceQuoteBodySchema = z
  .object({
    firstName: text(60),
    lastName: text(60),
    phone: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^\+?[0-9 ().-]{7,20}$/, { error: 'must be a phone number (digits, spaces, + ( ) . -)' })
      .refine((v) => v.replace(/\D/g, '').length >= 7, { error: 'must have at least 7 digits' }),
    email: email(),
    propertyZip: z
      .string({ error: 'is required' })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, { error: 'must be a ZIP code: 5 digits (or ZIP+4)' })
      .describe('ZIP code of the property'),
    name1dob: calendarDate().describe('date of birth of the first named insured (18 or older)'),
    homeYear: z
      .int({ error: requiredOr('must be a year') })
      .min(L.homeYearMin, { error: `must be ${L.homeYearMin} or later` })
      .describe('year the home was built (not after next year)'),
    length: z
      .int({ error: requiredOr('must be a whole number of feet') })
      .min(L.lengthFtMin, { error: `must be at least ${L.lengthFtMin} ft` })
      .max(L.lengthFtMax, { error: `must be at most ${L.lengthFtMax} ft` })
      .describe('length of the home in feet'),
    width: z
      .int({ error: requiredOr('must be a whole number of feet') })
      .min(L.widthFtMin, { error: `must be at least ${L.widthFtMin} ft` })
      .max(L.widthFtMax, { error: `must be at most ${L.widthFtMax} ft` })
      .describe('width of the home in feet'),
    inPark: flag('the home stands in a manufactured-home park'),
    privateLand: flag('the home stands on private land'),
    street: text(120),
    space: optionalText(20).describe('space or lot number in the park'),
    city: text(80),
    state: z.enum(US_STATES, { error: requiredOr('must be a US state code such as CA') }),
    purchasePrice: dollars(L.priceMax).describe('what the home cost, whole US dollars'),
    effectiveDate: calendarDate().describe('when the cover should start: today to a year ahead'),
    garageAttached: flag('an attached garage or carport'),
    garageDetached: flag('a detached garage'),
    garageCashValue: dollars(L.priceMax)
      .nullish()
      .transform((v) => v ?? null)
      .describe('whole US dollars; needed when there is a garage'),
    claims: optionalText(1000).describe('claims in the last five years, if any'),
    ownerOccupied: flag('the owner lives in the home'),
    vacantOrSpec: flag('vacant, or built on speculation'),
    rental: flag('rented out'),
    seasonal: flag('lived in for part of the year'),
    courseOfConstruction: flag('still being built or set up'),
    earthquakeCoverage: flag('add earthquake cover'),
    floodCoverage: flag('add flood cover'),
    additionalCoverage: optionalText(1000).describe('anything else to cover'),
  })
  .superRefine((q, ctx) => {
    if (q.inPark && q.privateLand) {
      ctx.addIssue({ code: 'custom', path: ['privateLand'], message: 'a home is either in a park or on private land' });
    }
    if (q.inPark && !q.space)
      ctx.addIssue({ code: 'custom', path: ['space'], message: 'is required for a home in a park' });
    if ((q.garageAttached || q.garageDetached) && q.garageCashValue === null) {
      ctx.addIssue({ code: 'custom', path: ['garageCashValue'], message: 'is required when there is a garage' });
    }
    const uses = [q.ownerOccupied, q.vacantOrSpec, q.rental].filter(Boolean).length;
    if (uses > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['ownerOccupied'],
        message: 'choose one of owner-occupied, vacant or rental',
      });
    }
  })
  .meta({ id: 'InsuranceQuoteRequest' });
/** The quote as the server reads it. */
export type InsuranceQuoteBody = z.output<typeof insuranceQuoteBodySchema>;
/** The quote a client sends. */
export type InsuranceQuoteRequestBody = z.input<typeof insuranceQuoteBodySchema>;

export const INSURANCE_QUOTE_FLAGS = [
  'inPark',
  'privateLand',
  'garageAttached',
  'garageDetached',
  'ownerOccupied',
  'vacantOrSpec',
  'rental',
  'seasonal',
  'courseOfConstruction',
  'earthquakeCoverage',
  'floodCoverage',
] as const satisfies readonly (keyof InsuranceQuoteBody)[];

const INSURANCE_QUOTE_NUMBERS = ['homeYear', 'length', 'width', 'purchasePrice', 'garageCashValue'] as const;

/**
 * A plain HTML form's fields (all text; a checkbox is present when ticked) read as the JSON body,
 * so one schema checks both: ticked boxes are true, missing ones false, numbers parsed when they
 * are whole numbers (anything else is left as text for the schema to name), blanks are absent.
 */
export function insuranceQuoteFromForm(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === CSRF_FORM_FIELD) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    body[key] = value;
  }
  for (const key of INSURANCE_QUOTE_FLAGS) {
    const v = body[key];
    if (v === undefined) body[key] = false;
    else if (typeof v === 'string' && ['on', 'true', 'yes', '1'].includes(v.toLowerCase())) body[key] = true;
    else if (typeof v === 'string' && ['off', 'false', 'no', '0'].includes(v.toLowerCase())) body[key] = false;
  }
  for (const key of INSURANCE_QUOTE_NUMBERS) {
    const v = body[key];
    if (typeof v === 'string' && /^\s*-?\d{1,12}\s*$/.test(v)) body[key] = Number(v);
  }
  return body;
}

/** The kinds of message the contact and submit pages send. */
export const MESSAGE_KINDS = ['contact', 'program', 'race', 'bug', 'feedback'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const messageBodySchema = z
  .object({
    kind: z.enum(MESSAGE_KINDS, { error: `must be one of ${MESSAGE_KINDS.join(', ')}` }),
    name: text(80),
    email: email(),
    subject: text(120),
    message: z
      .string({ error: 'is required' })
      .trim()
      .min(10, { error: 'must be at least 10 characters' })
      .max(5000, { error: 'must be at most 5000 characters' }),
  })
  .meta({ id: 'MessageRequest' });
export type MessageBody = z.output<typeof messageBodySchema>;
export type MessageRequestBody = z.input<typeof messageBodySchema>;

export const formReceiptSchema = z
  .object({
    id: z.int(),
    kind: z.enum(['insurance_quote', ...MESSAGE_KINDS]),
    received_at: isoDateTime(),
    message: z.string().describe('what the sender is told'),
  })
  .meta({ id: 'FormReceipt' });
export type FormReceipt = z.infer<typeof formReceiptSchema>;

export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const outboxMailSchema = z
  .object({
    id: z.int(),
    to: z.string(),
    subject: z.string(),
    purpose: z.enum(['office', 'confirmation']).describe('to the office, or the confirmation to the sender'),
    source: z.object({ kind: formReceiptSchema.shape.kind, id: z.int() }),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.int(),
    next_attempt_at: isoDateTime().nullable().describe('when a queued mail is tried next'),
    last_attempt_at: isoDateTime().nullable(),
    last_error: z.string().nullable(),
    sent_at: isoDateTime().nullable(),
    created_at: isoDateTime(),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxQuerySchema = z
  .object({
    status: queryEnum(OUTBOX_STATUSES),
    limit: queryInteger(1, 200, 50),
    offset: queryInteger(0, 1_000_000, 0),
  })
  .strict();

export const outboxPageSchema = listResponseSchema(outboxMailSchema)
  .extend({
    counts: z.object({ queued: z.int(), sent: z.int(), failed: z.int() }).describe('every mail by status'),
  })
  .meta({ id: 'OutboxPage' });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

const CSRF_403 = `missing or invalid ${CSRF_HEADER} header (or ${CSRF_FORM_FIELD} form field), or a cross-site request`;
const THROTTLED = 'too many forms from this e-mail address or client address in an hour (Retry-After)';

export const formsApi = {
  sendInsuranceQuote: defineOperation({
    method: 'post',
    path: '/send-email',
    tags: ['forms'],
    access: 'public',
    summary: 'Ask for a manufactured-home insurance quote: stored, then mailed to the office with a confirmation',
    description:
      'Also takes a plain HTML form post (application/x-www-form-urlencoded, the same field names, ticked ' +
      `checkboxes present, the CSRF token in the hidden field ${CSRF_FORM_FIELD}); that is answered 303 to ` +
      '/insurance-quote?sent={id}, or, when refused, 303 back to /insurance-quote?problems=[{field, reason}] ' +
      '(a field missing or wrong, as JSON) or ?error={message} (e.g. too many forms this hour), nothing stored.',
    body: insuranceQuoteBodySchema,
    status: 201,
    response: formReceiptSchema,
    errors: { 400: 'a field is missing or wrong (each named)', 403: CSRF_403, 429: THROTTLED },
  }),
  sendMessage: defineOperation({
    method: 'post',
    path: '/messages',
    tags: ['forms'],
    access: 'public',
    summary: 'Contact us, or submit a program, race, bug or feedback: stored, then mailed with a confirmation',
    body: messageBodySchema,
    status: 201,
    response: formReceiptSchema,
    errors: { 400: 'a field is missing or wrong (each named)', 403: CSRF_403, 429: THROTTLED },
  }),
  outbox: defineOperation({
    method: 'get',
    path: '/admin/outbox',
    tags: ['forms', 'admin'],
    access: 'admin',
    summary: 'The outbox: every mail with its status, attempts and last error, newest first',
    query: outboxQuerySchema,
    status: 200,
    response: outboxPageSchema,
    errors: { 400: 'a bad query parameter (named)', 401: 'not logged in', 403: 'admins only' },
  }),
} as const;
