import { isCalendarDate, TRANSPORT_LIMITS, TRANSPORT_SERVICES } from '@furlong/domain';
import { z } from 'zod';
import { defineOperation, isoDate, isoDateTime } from './api';

// The sale company, Furlong Sales (issue 19, spec §1 "facilities, staff, transportation info"):
// its sale ground, its staff directory, its shipping services with their published rates, and the
// transport quote requests members send. The price model is the domain's transport-quote.ts.

export const facilitySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['barn', 'sale_ring', 'paddock', 'track', 'clinic', 'office']),
    capacity: z.int().describe('how many the facility holds, in capacity_unit'),
    capacity_unit: z.string().describe('stalls, seats, horses…'),
    description: z.string(),
    features: z.array(z.string()),
  })
  .meta({ id: 'SaleFacility' });
export type SaleFacility = z.infer<typeof facilitySchema>;

export const staffMemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.string(),
    department: z.string(),
    phone: z.string(),
    email: z.string(),
  })
  .meta({ id: 'SaleStaffMember' });
export type SaleStaffMember = z.infer<typeof staffMemberSchema>;

export const shippingOptionSchema = z
  .object({
    service: z.enum(TRANSPORT_SERVICES),
    label: z.string(),
    description: z.string(),
    base_cents: z.int().describe('once per shipment'),
    per_km_per_horse_cents: z.int(),
    minimum_cents: z.int().describe('base + distance is topped up to this'),
    attendant_cents: z.int().describe('a groom travelling along, per shipment; 0: included'),
  })
  .meta({ id: 'ShippingOption' });
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const saleCompanySchema = z
  .object({
    name: z.string(),
    about: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    facilities: z.array(facilitySchema),
    staff: z.array(staffMemberSchema),
    shipping: z
      .object({
        options: z.array(shippingOptionSchema),
        insurance_per_horse_cents: z.int(),
        limits: z.object({
          horses_min: z.int(),
          horses_max: z.int(),
          distance_km_min: z.int(),
          distance_km_max: z.int(),
          booking_days_max: z.int(),
        }),
      })
      .meta({ id: 'ShippingRates' }),
  })
  .meta({ id: 'SaleCompany' });
export type SaleCompany = z.infer<typeof saleCompanySchema>;

const place = (name: string) =>
  z
    .string({ error: 'is required' })
    .trim()
    .min(2, { error: 'must be at least 2 characters' })
    .max(120, { error: 'must be at most 120 characters' })
    .describe(name);

/** Optional free text: absent, null or blank is none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

const { horsesMin, horsesMax, distanceKmMin, distanceKmMax } = TRANSPORT_LIMITS;

export const transportQuoteBodySchema = z
  .object({
    from_place: place('where the horses are collected'),
    to_place: place('where they are delivered'),
    distance_km: z
      .int({ error: 'must be a whole number of kilometres' })
      .min(distanceKmMin, { error: `must be at least ${distanceKmMin} km` })
      .max(distanceKmMax, { error: `must be at most ${distanceKmMax.toLocaleString('en-US')} km` }),
    horses: z
      .int({ error: 'must be a whole number of horses' })
      .min(horsesMin, { error: `must be at least ${horsesMin}` })
      .max(horsesMax, { error: `must be at most ${horsesMax}` }),
    service: z.enum(TRANSPORT_SERVICES, { error: `must be one of ${TRANSPORT_SERVICES.join(', ')}` }),
    travel_date: isoDate()
      .refine(isCalendarDate, { error: 'must be a date YYYY-MM-DD' })
      .describe('not in the past, at most a year ahead'),
    attendant: z.boolean().default(false).describe('a groom travels with the horses'),
    insurance: z.boolean().default(false).describe('transit insurance for each horse'),
    horse_name: optionalText(60),
    notes: optionalText(1000),
  })
  .meta({ id: 'TransportQuoteRequest' });
/** The body as the server reads it (trimmed, defaults filled). */
export type TransportQuoteBody = z.output<typeof transportQuoteBodySchema>;
/** The body a client sends. */
export type TransportQuoteRequestBody = z.input<typeof transportQuoteBodySchema>;

export const transportQuoteLineSchema = z
  .object({
    kind: z.enum(['base', 'distance', 'minimum', 'attendant', 'insurance']),
    label: z.string(),
    amount_cents: z.int(),
  })
  .meta({ id: 'TransportQuoteLine' });

export const storedTransportQuoteSchema = z
  .object({
    id: z.int(),
    from_place: z.string(),
    to_place: z.string(),
    distance_km: z.int(),
    horses: z.int(),
    service: z.enum(TRANSPORT_SERVICES),
    travel_date: isoDate(),
    attendant: z.boolean(),
    insurance: z.boolean(),
    horse_name: z.string().nullable(),
    notes: z.string().nullable(),
    quote: z
      .object({ total_cents: z.int(), lines: z.array(transportQuoteLineSchema) })
      .describe('the price quoted when the request was stored; the lines sum to the total'),
    created_at: isoDateTime(),
  })
  .meta({ id: 'StoredTransportQuote' });
export type StoredTransportQuote = z.infer<typeof storedTransportQuoteSchema>;

const SESSION_401 = 'not logged in, or the session ran out';

export const saleCompanyApi = {
  saleCompany: defineOperation({
    method: 'get',
    path: '/sale-company',
    tags: ['sale-company'],
    access: 'public',
    summary: 'The sale company: its facilities, staff directory and shipping services with their rates',
    status: 200,
    response: saleCompanySchema,
  }),
  requestTransportQuote: defineOperation({
    method: 'post',
    path: '/transport-quotes',
    tags: ['sale-company'],
    access: 'session',
    summary: 'Ask for a transport quote: the request is stored with its price',
    body: transportQuoteBodySchema,
    status: 201,
    response: storedTransportQuoteSchema,
    errors: {
      400: 'a field is missing or wrong (each named)',
      401: SESSION_401,
      409: 'the daily limit of quote requests is reached',
    },
  }),
  myTransportQuotes: defineOperation({
    method: 'get',
    path: '/transport-quotes',
    tags: ['sale-company'],
    access: 'session',
    summary: "The user's own transport quote requests, newest first (at most 100)",
    status: 200,
    response: z.object({ items: z.array(storedTransportQuoteSchema) }).meta({ id: 'StoredTransportQuotes' }),
    errors: { 401: SESSION_401 },
  }),
} as const;
