import type { SaleCompany, StoredTransportQuote } from '@furlong/contracts';
import { TRANSPORT_RATES, transportQuote } from '@furlong/domain';

// Test data for the sale company's web tests: GET /api/sale-company and a stored quote request.

export function makeSaleCompany(patch: Partial<SaleCompany> = {}): SaleCompany {
  return {
    name: 'Furlong Sales',
    about: 'The auction house of Furlong.',
    address: '1 Sale Ring Road',
    phone: '+1 555 0100',
    email: 'office@furlong-sales.example',
    facilities: [
      {
        id: 'sale-ring',
        name: 'The Sale Ring',
        kind: 'sale_ring',
        capacity: 1200,
        capacity_unit: 'seats',
        description: 'Where every lot is sold.',
        features: ['Live bid board'],
      },
      {
        id: 'barn-a',
        name: 'Barn A',
        kind: 'barn',
        capacity: 160,
        capacity_unit: 'stalls',
        description: 'Yearling stabling.',
        features: [],
      },
    ],
    staff: [
      staff('r.quinn', 'Rosa Quinn', 'Lead Auctioneer', 'Auctions'),
      staff('t.brennan', 'Tom Brennan', 'Auctioneer', 'Auctions'),
      staff('p.nair', 'Priya Nair', 'Chief Veterinarian', 'Veterinary'),
      staff('c.reyes', 'Carmen Reyes', 'Head of Transport', 'Transport'),
    ],
    shipping: {
      options: [TRANSPORT_RATES.van_shared, TRANSPORT_RATES.van_private, TRANSPORT_RATES.air],
      insurance_per_horse_cents: 6_000,
      limits: { horses_min: 1, horses_max: 10, distance_km_min: 1, distance_km_max: 5000, booking_days_max: 365 },
    },
    ...patch,
  };
}

function staff(id: string, name: string, role: string, department: string) {
  return { id, name, role, department, phone: '+1 555 0110', email: `${id}@furlong-sales.example` };
}

export function makeStoredQuote(id: number, patch: Partial<StoredTransportQuote> = {}): StoredTransportQuote {
  const input = { service: 'van_private', distance_km: 420, horses: 2, attendant: true, insurance: true } as const;
  return {
    id,
    from_place: 'Furlong Park',
    to_place: 'Aville Downs',
    ...input,
    travel_date: '2027-01-15',
    horse_name: null,
    notes: null,
    quote: transportQuote(input),
    created_at: '2026-11-26T10:00:00.000Z',
    ...patch,
  };
}
