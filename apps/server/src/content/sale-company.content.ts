import type { SaleFacility, SaleStaffMember } from '@furlong/contracts';

// The sale company's own content: Furlong Sales, the auction house of the horse auction (issue 19).
// Fixed text, not data anyone edits: it ships with the server. Phone numbers are 555 numbers and
// addresses are on the reserved .example domain.

export const SALE_COMPANY = {
  name: 'Furlong Sales',
  about:
    'Furlong Sales runs the horse auction: yearling, breeze-up and horses-in-training sales on its own sale ' +
    'ground, with stabling, a show ring, vets and a shipping desk that moves horses to and from the sales.',
  address: '1 Sale Ring Road, Furlong Park',
  phone: '+1 555 0100',
  email: 'office@furlong-sales.example',
} as const;

export const SALE_FACILITIES: readonly SaleFacility[] = [
  {
    id: 'sale-ring',
    name: 'The Sale Ring',
    kind: 'sale_ring',
    capacity: 1200,
    capacity_unit: 'seats',
    description:
      'The covered auction ring where every lot is sold: tiered seating round a 20-metre ring, the auctioneer’s rostrum and the bid spotters’ stands.',
    features: ['Live bid board with the current highest bid', 'Phone and online bidding desks', 'Heated in winter'],
  },
  {
    id: 'barn-a',
    name: 'Barn A (Yearlings)',
    kind: 'barn',
    capacity: 160,
    capacity_unit: 'stalls',
    description:
      'Yearling stabling beside the ring. Each stall has a viewing bay so buyers can see a lot walked before it sells.',
    features: ['Rubber-floored 12 × 12 ft stalls', 'Wash bays', 'Two show aisles'],
  },
  {
    id: 'barn-b',
    name: 'Barn B (Horses in training)',
    kind: 'barn',
    capacity: 120,
    capacity_unit: 'stalls',
    description: 'Stabling for horses in training and breeding stock, close to the gallops for breeze-ups.',
    features: ['Larger foaling-size stalls for mares', 'Tack rooms per consignor'],
  },
  {
    id: 'parade-paddock',
    name: 'Parade Paddock',
    kind: 'paddock',
    capacity: 24,
    capacity_unit: 'horses',
    description: 'The oval walking ring where the next lots parade before they go into the sale ring.',
    features: ['Covered viewing stand', 'Lot-number boards'],
  },
  {
    id: 'turnout-paddocks',
    name: 'Turnout Paddocks',
    kind: 'paddock',
    capacity: 40,
    capacity_unit: 'horses',
    description: 'Twenty grass paddocks for horses staying over between sale days.',
    features: ['Post-and-rail fencing', 'Water in every paddock'],
  },
  {
    id: 'breeze-track',
    name: 'Breeze-up Track',
    kind: 'track',
    capacity: 12,
    capacity_unit: 'horses at a time',
    description:
      'A six-furlong all-weather oval where two-year-olds breeze before breeze-up sales, timed to the tenth.',
    features: ['Electronic timing', 'Video of every breeze for buyers'],
  },
  {
    id: 'vet-clinic',
    name: 'Veterinary Clinic and Repository',
    kind: 'clinic',
    capacity: 8,
    capacity_unit: 'examination bays',
    description:
      'Pre-sale examinations, the X-ray and scope repository buyers’ vets may read, and care for horses on the ground.',
    features: ['Digital radiography', 'Endoscopy', 'Isolation stalls'],
  },
  {
    id: 'sales-office',
    name: 'Sales Office',
    kind: 'office',
    capacity: 40,
    capacity_unit: 'seats',
    description: 'Buyer registration, credit approval, sales contracts and the shipping desk, open on every sale day.',
    features: ['Buyer and consignor registration', 'Sales contracts signed on the day', 'Shipping desk'],
  },
];

const staff = (id: string, name: string, role: string, department: string, extension: string): SaleStaffMember => ({
  id,
  name,
  role,
  department,
  phone: `+1 555 01${extension}`,
  email: `${id}@furlong-sales.example`,
});

export const SALE_STAFF: readonly SaleStaffMember[] = [
  staff('m.hale', 'Margaret Hale', 'Managing Director', 'Management', '01'),
  staff('d.okafor', 'Daniel Okafor', 'Sales Director', 'Management', '02'),
  staff('r.quinn', 'Rosa Quinn', 'Lead Auctioneer', 'Auctions', '10'),
  staff('t.brennan', 'Tom Brennan', 'Auctioneer', 'Auctions', '11'),
  staff('s.ito', 'Sayaka Ito', 'Bid Spotter', 'Auctions', '12'),
  staff('l.moreau', 'Louis Moreau', 'Bloodstock Agent', 'Bloodstock', '20'),
  staff('a.gallagher', 'Aoife Gallagher', 'Pedigree Analyst', 'Bloodstock', '21'),
  staff('p.nair', 'Dr Priya Nair', 'Chief Veterinarian', 'Veterinary', '30'),
  staff('j.walsh', 'Dr James Walsh', 'Veterinary Surgeon', 'Veterinary', '31'),
  staff('c.reyes', 'Carmen Reyes', 'Head of Transport', 'Transport', '40'),
  staff('b.novak', 'Bruno Novak', 'Shipping Coordinator', 'Transport', '41'),
  staff('h.adeyemi', 'Hannah Adeyemi', 'Barn Manager', 'Grounds', '50'),
  staff('o.lindqvist', 'Olof Lindqvist', 'Head Groundskeeper', 'Grounds', '51'),
  staff('e.clarke', 'Emma Clarke', 'Buyer Registration', 'Client Services', '60'),
  staff('k.mensah', 'Kwame Mensah', 'Contracts and Credit', 'Client Services', '61'),
];
