import { type ApiErrorResponse, INFO_PAGES, type InfoDocument, type InfoPageSlug } from '@furlong/contracts';
import { BET_TYPES, formatMoney, settlePool, ticketPayoutCents } from '@furlong/domain';
import { startTestApp, type TestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

// The headings each page must have (issue 20: how the site works, every bet type with a worked
// example, pari-mutuel odds and payouts, the simulation and Verify, how to read a race card).
const HEADINGS: Record<InfoPageSlug, string[]> = {
  'learn-about-racing': [
    'Racing in a nutshell',
    'Bet types',
    'Worked examples',
    ...BET_TYPES.map((t) => t.name),
    'Pari-mutuel odds and payouts',
    'Odds on the tote board',
    'How a race is simulated',
    'Verify: proof that a race was fair',
  ],
  tutorial: ['1. Find a race', '2. Read the race card', '3. Place a bet', '4. Watch the race', '5. Collect'],
  instructions: ['Accounts and the wallet', 'The program', 'Betting', 'Live races and results', 'The auction'],
  faqs: ['Money', 'Betting', 'Races', 'Account', 'Is this real money?', 'Are the races fixed?'],
};

/**
 * The text a PDF shows with the standard fonts, one line per text-showing operator: pdfkit writes
 * each line as `[<hex> kerning <hex> …] TJ` (or `<hex> Tj`), the hex being WinAnsi codes.
 */
function pdfLines(pdf: Buffer): string[] {
  const winAnsi = new TextDecoder('windows-1252');
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of source.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
    const hex = m[1] !== undefined ? [...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('') : (m[2] ?? '');
    lines.push(winAnsi.decode(Buffer.from(hex, 'hex')));
  }
  return lines;
}

// The information pages against the real server: each page as blocks with its headings and worked
// examples computed by the domain, and the same page as a valid PDF with those headings in it.
describe('The information pages', () => {
  const dbName = uniqueName('furlong_info_pages');
  let sut: TestApp;

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    // A takeout that is not the default: the pages follow the configuration.
    sut = await startTestApp({ DATABASE_URL: url, WAGERING_TAKEOUT_WIN_PLACE_SHOW: '0.17' });
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  const get = (path: string) => fetch(`${sut.baseUrl}/api${path}`);

  it.each(INFO_PAGES.map((p) => [p]))('should serve %s to anyone as blocks with its headings', async (page) => {
    const res = await get(`/info/${page}`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as InfoDocument;
    expect(doc.page).toBe(page);
    const headings = doc.blocks.flatMap((b) => (b.type === 'heading' ? [b.text] : []));
    expect(headings).toEqual(expect.arrayContaining(HEADINGS[page]));
  });

  it("should work the Win example out with the configured takeout, as the domain's settlement pays it", async () => {
    const doc = (await (await get('/info/learn-about-racing')).json()) as InfoDocument;
    const win = doc.blocks.find((b) => b.type === 'example' && b.title.startsWith('Win: '));
    if (win?.type !== 'example') throw new Error('no Win example');
    expect(win.steps.join(' ')).toContain('Takeout 17%');
    // The example race's win pool as the page lists it in its odds table (horse, money).
    const odds = doc.blocks.find((b) => b.type === 'table' && b.caption.startsWith('Win odds'));
    if (odds?.type !== 'table') throw new Error('no odds table');
    const money = Object.fromEntries(odds.rows.map(([horse, cents]) => [horse, Number(cents?.replace(/[$,.]/g, ''))]));
    const settled = settlePool('Win', { takeout: 0.17, money }, [4, 7, 2]);
    const price = settled.prices[0]?.price_per_dollar_cents ?? 0;
    expect(win.result).toContain(`pays ${formatMoney(ticketPayoutCents(200, price))}`);
  });

  it.each(INFO_PAGES.map((p) => [p]))('should serve %s as a valid PDF with every heading of the page', async (page) => {
    const res = await get(`/info/${page}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="furlong-${page}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
    const doc = (await (await get(`/info/${page}`)).json()) as InfoDocument;
    const lines = pdfLines(pdf);
    expect(lines).toContain(doc.title);
    for (const block of doc.blocks) if (block.type === 'heading') expect(lines).toContain(block.text);
  });

  it('should refuse a page that does not exist with a 400 naming the field', async () => {
    for (const path of ['/info/nope', '/info/nope/pdf']) {
      const res = await get(path);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ApiErrorResponse;
      expect(body.errors?.map((e) => e.field)).toEqual(['page']);
    }
  });
});
