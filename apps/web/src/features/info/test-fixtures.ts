import type { InfoDocument, InfoPageSlug } from '@furlong/contracts';

/** A small information page as GET /api/info/{page} answers it. */
export function makeInfoDocument(
  page: InfoPageSlug = 'learn-about-racing',
  overrides: Partial<InfoDocument> = {},
): InfoDocument {
  return {
    page,
    title: 'Learn About Racing',
    summary: 'How racing works at Furlong.',
    blocks: [
      { type: 'heading', level: 2, text: 'Bet types', id: 'bet-types' },
      { type: 'paragraph', text: 'Every bet type has its own pool.' },
      {
        type: 'table',
        caption: 'The bet types of Furlong',
        columns: ['Bet type', 'What you pick', 'Takeout'],
        rows: [
          ['Win', 'Pick the horse that finishes first.', '16%'],
          ['Exacta', 'Pick the first two finishers in exact order.', '18.5%'],
        ],
      },
      { type: 'heading', level: 3, text: 'Win', id: 'win' },
      {
        type: 'example',
        title: 'Win: a $2 ticket on horse 4',
        steps: ['Gross pool: $10,000.00.', 'Price per $1: the $1 stake back plus $3.60 = $4.60.'],
        result: 'A winning $2 Win ticket on horse 4 pays $9.20.',
      },
      { type: 'heading', level: 2, text: 'Pari-mutuel odds and payouts', id: 'pari-mutuel-odds-and-payouts' },
      { type: 'list', ordered: true, items: ['Takeout first.', 'Then the profit is shared.'] },
    ],
    ...overrides,
  };
}
