import fc from 'fast-check';
import {
  isCalendarDate,
  TRANSPORT_LIMITS,
  TRANSPORT_RATES,
  TRANSPORT_SERVICES,
  type TransportQuoteInput,
  transportQuote,
  transportQuoteProblems,
  travelDateProblem,
  travelDateWindow,
  travelDateWindowAt,
} from './transport-quote';

const quote = (input: Partial<TransportQuoteInput>) =>
  transportQuote({ service: 'van_shared', distance_km: 100, horses: 1, attendant: false, insurance: false, ...input });

// Worked examples from the rate card in transport-quote.ts (TRANSPORT_RATES, the README's
// "The sale company"): total = max(minimum, base + per-km-per-horse × km × horses) + extras.
describe(transportQuote.name, () => {
  it('should charge base plus distance for one horse 100 km by shared van: $90 + 100 × $0.95 = $185', () => {
    const sut = quote({});
    expect(sut.lines).toEqual([
      { kind: 'base', label: 'Base charge, shared van', amount_cents: 9_000 },
      { kind: 'distance', label: '100 km × 1 horse × $0.95', amount_cents: 9_500 },
    ]);
    expect(sut.total_cents).toBe(18_500);
  });

  it('should top a short trip up to the minimum: 50 km by shared van is $137.50, charged $175', () => {
    const sut = quote({ distance_km: 50 });
    expect(sut.lines.map((l) => [l.kind, l.amount_cents])).toEqual([
      ['base', 9_000],
      ['distance', 4_750],
      ['minimum', 3_750],
    ]);
    expect(sut.lines[2]?.label).toBe('Top-up to the minimum charge of $175.00');
    expect(sut.total_cents).toBe(17_500);
  });

  it('should add the attendant per shipment and insurance per horse: 2 horses 420 km by private van is $1,766', () => {
    // $350 + 420 × 2 × $1.40 = $1,526; attendant $120; insurance 2 × $60.
    const sut = quote({ service: 'van_private', distance_km: 420, horses: 2, attendant: true, insurance: true });
    expect(sut.lines.map((l) => [l.kind, l.amount_cents])).toEqual([
      ['base', 35_000],
      ['distance', 117_600],
      ['attendant', 12_000],
      ['insurance', 12_000],
    ]);
    expect(sut.lines[3]?.label).toBe('Transit insurance, 2 horses × $60.00');
    expect(sut.total_cents).toBe(176_600);
  });

  it('should include the flying groom with air freight as a zero line: 3 horses 2,000 km is $15,880', () => {
    // $2,500 + 2,000 × 3 × $2.20 = $15,700; insurance 3 × $60.
    const sut = quote({ service: 'air', distance_km: 2_000, horses: 3, attendant: true, insurance: true });
    expect(sut.lines).toContainEqual({
      kind: 'attendant',
      label: 'Attendant (included with air freight)',
      amount_cents: 0,
    });
    expect(sut.lines[1]?.label).toBe('2,000 km × 3 horses × $2.20');
    expect(sut.total_cents).toBe(1_588_000);
  });

  it('should price the largest request in whole cents well inside a 32-bit integer', () => {
    const sut = quote({ service: 'air', distance_km: 5_000, horses: 10, attendant: true, insurance: true });
    expect(sut.total_cents).toBe(250_000 + 220 * 5_000 * 10 + 60_000);
    expect(sut.total_cents).toBeLessThan(2 ** 31);
  });

  it('should refuse numbers outside the limits with a RangeError naming the field', () => {
    expect(() => quote({ horses: 0 })).toThrow(/horses must be a whole number from 1 to 10/);
    expect(() => quote({ horses: 11 })).toThrow(RangeError);
    expect(() => quote({ distance_km: 5_001 })).toThrow(/distance_km/);
    expect(() => quote({ distance_km: 12.5 })).toThrow(/distance_km/);
    expect(() => quote({ service: 'boat' as never })).toThrow(/service must be one of van_shared, van_private, air/);
  });

  it('should always sum its lines to the total, never charge less than the minimum, and grow with distance', () => {
    const input = fc.record({
      service: fc.constantFrom(...TRANSPORT_SERVICES),
      distance_km: fc.integer({ min: TRANSPORT_LIMITS.distanceKmMin, max: TRANSPORT_LIMITS.distanceKmMax - 1 }),
      horses: fc.integer({ min: TRANSPORT_LIMITS.horsesMin, max: TRANSPORT_LIMITS.horsesMax }),
      attendant: fc.boolean(),
      insurance: fc.boolean(),
    });
    fc.assert(
      fc.property(input, (i) => {
        const sut = transportQuote(i);
        const further = transportQuote({ ...i, distance_km: i.distance_km + 1 });
        return (
          sut.total_cents === sut.lines.reduce((s, l) => s + l.amount_cents, 0) &&
          sut.lines.every((l) => Number.isInteger(l.amount_cents) && l.amount_cents >= 0) &&
          sut.total_cents >= TRANSPORT_RATES[i.service].minimum_cents &&
          further.total_cents >= sut.total_cents
        );
      }),
    );
  });
});

describe(transportQuoteProblems.name, () => {
  it('should name each field out of its limits', () => {
    expect(transportQuoteProblems({ service: 'air', distance_km: 0, horses: 12 })).toEqual([
      { field: 'distance_km', reason: 'must be a whole number of kilometres from 1 to 5,000' },
      { field: 'horses', reason: 'must be a whole number from 1 to 10' },
    ]);
    expect(transportQuoteProblems({ service: 'air', distance_km: 1, horses: 1 })).toEqual([]);
  });
});

describe('travel dates', () => {
  it('should accept today and a year ahead of the caller’s today, and nothing outside', () => {
    const sut = travelDateWindow('2026-11-26');
    expect(sut).toEqual({ earliest: '2026-11-26', latest: '2027-11-26' });
    expect(travelDateProblem('2026-11-26', sut)).toBeUndefined();
    expect(travelDateProblem('2026-11-25', sut)).toBe('must not be in the past');
    expect(travelDateProblem('2027-11-27', sut)).toBe('must be at most 365 days ahead');
  });

  it('should refuse what is not a calendar day', () => {
    const window = travelDateWindow('2026-11-26');
    for (const text of ['2026-02-30', '2026-13-01', '26-12-01', '2026-12-01T00:00:00Z', '']) {
      expect(travelDateProblem(text, window)).toBe('must be a date YYYY-MM-DD');
    }
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it('should give the server a window holding every time zone’s today: UTC−12 to UTC+14', () => {
    // 2026-11-26 05:00 UTC: still the 25th at UTC−12, already the 26th at UTC+14.
    const sut = travelDateWindowAt(Date.parse('2026-11-26T05:00:00Z'));
    expect(sut).toEqual({ earliest: '2026-11-25', latest: '2027-11-26' });
    // 2026-11-26 11:00 UTC: already the 27th at UTC+14.
    expect(travelDateWindowAt(Date.parse('2026-11-26T11:00:00Z')).latest).toBe('2027-11-27');
  });

  it('should hold every browser’s window inside the server’s at the same instant', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2020-01-01T00:00:00Z'), max: Date.parse('2040-01-01T00:00:00Z') }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (nowMs, offsetMinutes) => {
          const localToday = new Date(nowMs + offsetMinutes * 60_000).toISOString().slice(0, 10);
          const browser = travelDateWindow(localToday);
          const server = travelDateWindowAt(nowMs);
          return browser.earliest >= server.earliest && browser.latest <= server.latest;
        },
      ),
    );
  });
});
