import { formatMoney } from './wagering-rules';

// Horse transport quoted by the sale company (Furlong Sales, issue 19). One price model for the
// published rates, the live estimate in the browser and the quote the server stores. Every amount
// is integer cents; distances are whole kilometres.

/** The shipping services, cheapest per kilometre first. */
export const TRANSPORT_SERVICES = ['van_shared', 'van_private', 'air'] as const;
export type TransportService = (typeof TRANSPORT_SERVICES)[number];

export function isTransportService(value: unknown): value is TransportService {
  return typeof value === 'string' && (TRANSPORT_SERVICES as readonly string[]).includes(value);
}

/** The published rate of one service. */
export interface TransportRate {
  service: TransportService;
  label: string;
  description: string;
  /** Charged once per shipment: loading, paperwork, the vehicle or the airport handling. */
  base_cents: number;
  /** Charged per kilometre for each horse. */
  per_km_per_horse_cents: number;
  /** The least a shipment costs before extras: base + distance is topped up to this. */
  minimum_cents: number;
  /** A groom travelling with the horses, once per shipment; 0: included in the service. */
  attendant_cents: number;
}

/**
 * The rate card. A shipment costs max(minimum, base + per_km_per_horse × km × horses), plus the
 * extras: an attendant (per shipment) and transit insurance (per horse).
 */
export const TRANSPORT_RATES: Readonly<Record<TransportService, TransportRate>> = {
  van_shared: {
    service: 'van_shared',
    label: 'Shared van',
    description: 'Your horses share a scheduled van with others on a fixed route; the cheapest way by road.',
    base_cents: 9_000,
    per_km_per_horse_cents: 95,
    minimum_cents: 17_500,
    attendant_cents: 12_000,
  },
  van_private: {
    service: 'van_private',
    label: 'Private van',
    description: 'A van for your horses alone, door to door, leaving when you choose.',
    base_cents: 35_000,
    per_km_per_horse_cents: 140,
    minimum_cents: 60_000,
    attendant_cents: 12_000,
  },
  air: {
    service: 'air',
    label: 'Air freight',
    description: 'Stalls on a cargo flight with a flying groom (included), van to and from the airports.',
    base_cents: 250_000,
    per_km_per_horse_cents: 220,
    minimum_cents: 400_000,
    attendant_cents: 0,
  },
};

/** Transit insurance, per horse per shipment. */
export const TRANSPORT_INSURANCE_PER_HORSE_CENTS = 6_000;

/** What one request may ask for. */
export const TRANSPORT_LIMITS = {
  horsesMin: 1,
  horsesMax: 10,
  distanceKmMin: 1,
  distanceKmMax: 5_000,
  /** The latest travel date: this many days after today. */
  bookingDaysMax: 365,
} as const;

/** What a quote depends on. */
export interface TransportQuoteInput {
  service: TransportService;
  /** Whole kilometres, TRANSPORT_LIMITS.distanceKmMin to distanceKmMax. */
  distance_km: number;
  /** Whole horses, TRANSPORT_LIMITS.horsesMin to horsesMax. */
  horses: number;
  attendant: boolean;
  insurance: boolean;
}

export type TransportQuoteLineKind = 'base' | 'distance' | 'minimum' | 'attendant' | 'insurance';

export interface TransportQuoteLine {
  kind: TransportQuoteLineKind;
  label: string;
  amount_cents: number;
}

/** A quote: its lines, in order, and their sum. */
export interface TransportQuote {
  total_cents: number;
  lines: TransportQuoteLine[];
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : `${one}s`}`;

/** The problems of a quote's numbers, by field (empty when it can be quoted). */
export function transportQuoteProblems(input: Pick<TransportQuoteInput, 'distance_km' | 'horses' | 'service'>): {
  field: 'service' | 'distance_km' | 'horses';
  reason: string;
}[] {
  const problems: { field: 'service' | 'distance_km' | 'horses'; reason: string }[] = [];
  const { horsesMin, horsesMax, distanceKmMin, distanceKmMax } = TRANSPORT_LIMITS;
  if (!isTransportService(input.service)) {
    problems.push({ field: 'service', reason: `must be one of ${TRANSPORT_SERVICES.join(', ')}` });
  }
  if (!Number.isInteger(input.distance_km) || input.distance_km < distanceKmMin || input.distance_km > distanceKmMax) {
    problems.push({
      field: 'distance_km',
      reason: `must be a whole number of kilometres from ${distanceKmMin} to ${distanceKmMax.toLocaleString('en-US')}`,
    });
  }
  if (!Number.isInteger(input.horses) || input.horses < horsesMin || input.horses > horsesMax) {
    problems.push({ field: 'horses', reason: `must be a whole number from ${horsesMin} to ${horsesMax}` });
  }
  return problems;
}

/**
 * The price of a shipment, line by line: base, distance (km × horses × the rate), a top-up to the
 * minimum when base + distance fall short, then the attendant (a zero line when the service
 * includes one) and insurance when asked for. The lines sum to the total. Throws a RangeError for
 * numbers outside TRANSPORT_LIMITS (check transportQuoteProblems first).
 */
export function transportQuote(input: TransportQuoteInput): TransportQuote {
  const problems = transportQuoteProblems(input);
  if (problems.length > 0) {
    throw new RangeError(problems.map((p) => `${p.field} ${p.reason}`).join('; '));
  }
  const rate = TRANSPORT_RATES[input.service];
  const distance = rate.per_km_per_horse_cents * input.distance_km * input.horses;
  const lines: TransportQuoteLine[] = [
    { kind: 'base', label: `Base charge, ${rate.label.toLowerCase()}`, amount_cents: rate.base_cents },
    {
      kind: 'distance',
      label: `${input.distance_km.toLocaleString('en-US')} km × ${plural(input.horses, 'horse')} × ${formatMoney(rate.per_km_per_horse_cents)}`,
      amount_cents: distance,
    },
  ];
  const carriage = rate.base_cents + distance;
  if (carriage < rate.minimum_cents) {
    lines.push({
      kind: 'minimum',
      label: `Top-up to the minimum charge of ${formatMoney(rate.minimum_cents)}`,
      amount_cents: rate.minimum_cents - carriage,
    });
  }
  if (input.attendant) {
    lines.push({
      kind: 'attendant',
      label: rate.attendant_cents === 0 ? `Attendant (included with ${rate.label.toLowerCase()})` : 'Attendant',
      amount_cents: rate.attendant_cents,
    });
  }
  if (input.insurance) {
    lines.push({
      kind: 'insurance',
      label: `Transit insurance, ${plural(input.horses, 'horse')} × ${formatMoney(TRANSPORT_INSURANCE_PER_HORSE_CENTS)}`,
      amount_cents: TRANSPORT_INSURANCE_PER_HORSE_CENTS * input.horses,
    });
  }
  return { total_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0), lines };
}

// --- the travel date ---------------------------------------------------------------------------

/** The calendar days a travel date may fall on, inclusive (YYYY-MM-DD). */
export interface TravelDateWindow {
  earliest: string;
  latest: string;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const ms = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(ms) && utcDay(ms) === text;
}

/** `date` plus `days` calendar days. */
function addDays(date: string, days: number): string {
  return utcDay(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** The window for someone whose calendar shows `today`: today to a year ahead. */
export function travelDateWindow(today: string): TravelDateWindow {
  return { earliest: today, latest: addDays(today, TRANSPORT_LIMITS.bookingDaysMax) };
}

/**
 * The window the server allows at the instant `nowMs`, whatever the client's time zone: from the
 * day it still is at UTC−12 to a year after the day it already is at UTC+14. Any browser's own
 * window (travelDateWindow of its local today) lies inside it, so what the form accepts the server
 * accepts too.
 */
export function travelDateWindowAt(nowMs: number): TravelDateWindow {
  return {
    earliest: utcDay(nowMs - 12 * HOUR_MS),
    latest: addDays(utcDay(nowMs + 14 * HOUR_MS), TRANSPORT_LIMITS.bookingDaysMax),
  };
}

/** Why `date` cannot be a travel date in `window`, or undefined when it can. */
export function travelDateProblem(date: string, window: TravelDateWindow): string | undefined {
  if (!isCalendarDate(date)) return 'must be a date YYYY-MM-DD';
  if (date < window.earliest) return 'must not be in the past';
  if (date > window.latest) return `must be at most ${TRANSPORT_LIMITS.bookingDaysMax} days ahead`;
  return undefined;
}
