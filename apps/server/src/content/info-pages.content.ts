import type { InfoBlock, InfoDocument, InfoPageSlug } from '@furlong/contracts';
import {
  BET_TYPES,
  betTypeRule,
  combinations,
  DEFAULT_BET_AMOUNT_CENTS,
  distanceFromFurlongs,
  FURLONGS_PER_MILE,
  formatMoney,
  MAX_COMBINATIONS,
  METERS_PER_FURLONG,
  minimumAmountCents,
  RACE_SAMPLE_MS,
  RACE_STEP_MS,
  ticketScratchRefund,
  totalCents,
} from '@furlong/domain';
import {
  betExample,
  boxExample,
  type InfoSettings,
  minusPoolExample,
  oddsTable,
  percent,
  takeoutOf,
  verifyExample,
} from './info-examples';

// The four information pages (issue 20): fixed text written for Furlong, with every number of a rule
// or a worked example taken from libs/domain and the configuration when the document is built.

let anchors = new Set<string>();

function h2(text: string): InfoBlock {
  return { type: 'heading', level: 2, text, id: anchor(text) };
}
function h3(text: string): InfoBlock {
  return { type: 'heading', level: 3, text, id: anchor(text) };
}
function p(text: string): InfoBlock {
  return { type: 'paragraph', text };
}
function ul(...items: string[]): InfoBlock {
  return { type: 'list', ordered: false, items };
}
function ol(...items: string[]): InfoBlock {
  return { type: 'list', ordered: true, items };
}

function anchor(text: string): string {
  const base =
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section';
  let id = base;
  for (let n = 2; anchors.has(id); n++) id = `${base}-${n}`;
  anchors.add(id);
  return id;
}

const minPayout = (s: InfoSettings) => formatMoney(2 * s.priceRules.minPricePerDollarCents);
const breakageWord = (s: InfoSettings) => (s.priceRules.breakageCents === 10 ? 'dime' : 'nickel');

function takeoutList(s: InfoSettings): string {
  const groups = new Map<string, string[]>();
  for (const rule of BET_TYPES) {
    const key = percent(takeoutOf(rule, s));
    groups.set(key, [...(groups.get(key) ?? []), rule.name]);
  }
  return [...groups].map(([pct, names]) => `${pct} on ${names.join(', ')}`).join('; ');
}

function betTypesTable(s: InfoSettings): InfoBlock {
  return {
    type: 'table',
    caption: 'The bet types of Furlong',
    columns: ['Bet type', 'What you pick', 'Races', 'Smallest ticket', 'Box', 'Takeout'],
    rows: BET_TYPES.map((rule) => [
      rule.name,
      rule.description,
      String(rule.legs),
      formatMoney(minimumAmountCents(rule.name)),
      rule.boxable ? 'yes' : 'no',
      percent(takeoutOf(rule, s)),
    ]),
  };
}

function learnAboutRacing(s: InfoSettings): InfoDocument {
  const six = distanceFromFurlongs(6);
  const mile = distanceFromFurlongs(FURLONGS_PER_MILE);
  const verify = verifyExample();
  const show = betTypeRule('Show');
  return {
    page: 'learn-about-racing',
    title: 'Learn About Racing',
    summary:
      'How a horse race works, every bet you can make at Furlong with a worked example, how the tote computes odds and payouts, and how each simulated race can be verified.',
    blocks: [
      h2('Racing in a nutshell'),
      p(
        'A race is run over a set distance on a dirt, turf or synthetic track. Each runner has a program number and a post position in the starting gate, a jockey, a trainer and an owner. The first horse past the wire wins; the order of the rest decides the place and show money and the exotic bets.',
      ),
      p(
        `Distances are given in furlongs: a furlong is an eighth of a mile, ${METERS_PER_FURLONG} metres. A six-furlong sprint is ${six.meters} m (${six.miles} mi); a mile is ${FURLONGS_PER_MILE} furlongs, ${mile.meters} m.`,
      ),
      ul(
        'Surface: dirt, turf (grass) or synthetic. Condition: fast, good and firm are quick; muddy, sloppy, soft and heavy are slow and favour some horses over others.',
        'Class: maiden races are for horses that have never won; claiming, allowance and stakes races rise in quality and purse.',
        'Post time is when the gate opens. Betting closes at post time, by the server’s clock.',
      ),
      h2('Bet types'),
      p(
        `Every bet type has its own pool. Single-race bets name horses in one race; the Daily Double and Pick 3 to Pick 10 name one winner in each of several races in a row, all chosen before the first of them. Ordered bets can be boxed: a box covers every order of the horses you name.`,
      ),
      betTypesTable(s),
      h2('Worked examples'),
      p(
        `Each example is settled by the same rules that pay real tickets on Furlong. The example race finishes 4, 7, 2, 9; the multi-race examples have winners 4, 7, 2, 9, … in races 1, 2, 3, 4, …`,
      ),
      ...BET_TYPES.flatMap((rule) => [h3(rule.name), p(rule.description), betExample(rule, s).block]),
      h2('Pari-mutuel odds and payouts'),
      p(
        'At Furlong, as at a racetrack, you bet against the other bettors, not against the house. All the money bet on one bet type in one race goes into a pool. The house keeps the takeout and the rest, the net pool, is shared by the winning tickets in proportion to their stakes.',
      ),
      ol(
        `Takeout: ${takeoutList(s)}.`,
        'Net pool = gross pool − takeout. The profit is the net pool less the money on the winning combination (Place shares it between the first two horses, Show among the first three).',
        `Profit per $1 = profit ÷ money on the winner, broken down to the ${breakageWord(s)} (the odd cents, the breakage, stay with the house).`,
        'Price per $1 = the $1 stake back + the profit per $1. A ticket is paid its stake × the price.',
        `A winning $2 ticket never pays less than ${minPayout(s)}: when the pool is too small to pay that (a minus pool), the house adds the difference.`,
      ),
      minusPoolExample(show, s).block,
      h3('Odds on the tote board'),
      p(
        'Before the race the board shows each horse’s win odds from the money in the win pool: odds to 1 = net pool ÷ money on the horse − 1, shown as the nearest board odds below (5-2, 3-1, …). They move as money comes in until post time; the final odds are those at the off.',
      ),
      oddsTable(betTypeRule('Win'), s),
      h3('Scratches and dead heats'),
      p(
        'A horse withdrawn before the race (a scratch) is out of every pool: a ticket on it in a single-race bet is refunded, and in a multi-race bet the scratched horse is replaced by the post-time favourite of its race. When two horses cross the wire together (a dead heat) both are winners and the profit is split between them.',
      ),
      h2('How a race is simulated'),
      p(
        `Each race is a pure simulation on the server: from the race’s secret seed and its field (each runner’s speed figure, stamina, running style and rider), the engine moves every horse in fixed steps of ${RACE_STEP_MS} ms of race time and sends a frame to everyone watching every ${RACE_SAMPLE_MS} ms. Nothing else is random and no clock is read, so the same seed and field give the same race, to the hundredth of a second, on any computer.`,
      ),
      ul(
        'Front-runners go early and may tire; closers save their run for the end. Stamina matters more the longer the race.',
        'The surface and the going change how fast the field runs and which horses it suits.',
        'A better rider (from the jockey’s win rate) gets a little more out of a horse.',
      ),
      h2('Verify: proof that a race was fair'),
      p(
        'Before betting opens, Furlong publishes the SHA-256 hash of the race’s seed on the race card. The seed itself stays secret until the finish. Afterwards the results page reveals it, and its Verify button checks in your browser (and asks the server) that the seed’s hash is the one published and that re-running the race from it gives the official result.',
      ),
      verify.block,
    ],
  };
}

function tutorial(s: InfoSettings): InfoDocument {
  const exacta = betTypeRule('Exacta');
  const trifecta = betTypeRule('Trifecta');
  const win = betExample(betTypeRule('Win'), s);
  return {
    page: 'tutorial',
    title: 'Tutorial',
    summary: 'Your first day at Furlong: find a race, read its card, place a bet, watch the race and collect.',
    blocks: [
      h2('1. Find a race'),
      p(
        'Open the Program Card from the Programs menu. It lists the tracks; filter them by the first letter of their location. Pick a track and choose Daily Races to see today’s card: every race with its post time, distance and field size. Click a race to open its race card.',
      ),
      h2('2. Read the race card'),
      p('The race card tells you everything about one race:'),
      ul(
        'Race details: the race’s name and number, its class, track, date, post time, distance (furlongs and miles), surface, track condition, weather and purse, and the status (open for betting, closed, running, finished).',
        'Seed hash: the fingerprint of the race’s secret seed, published now so the race can be verified later.',
        'The clock and the countdown to post time, on the server’s clock.',
        'The runners: program number (the saddle-cloth colour), horse, age and sex, weight carried, jockey, trainer, owner and the last three finishes (the latest on the right), with the live win odds once betting is open. A scratched horse is struck through.',
      ),
      p(
        'Bet Odds, Morning Line Odds and Predict Race help you handicap: the morning line is the track’s forecast of the odds, the predictor ranks the field with weights you can change.',
      ),
      h2('3. Place a bet'),
      ol(
        'Press Place Bet (you need to be logged in; new accounts start with play money in the wallet).',
        `Choose the bet type and the amount: it starts at ${formatMoney(DEFAULT_BET_AMOUNT_CENTS)}; Win, Place, Show, Exacta, Quinella and Daily Double take whole dollars, Trifecta, Superfecta and Pick N steps of 10¢.`,
        'Pick your horses (in order for the ordered bets, or tick Box) and press Add Bet. Add as many bets as you like to the slip, then Place Bet.',
        'Multi-race bets (Daily Double, Pick 3 to Pick 10) use Advanced Bet: tick exactly as many races as the bet needs, then one horse in each.',
      ),
      boxExample(exacta, [4, 7, 2], 100),
      boxExample(trifecta, [4, 7, 2, 9], 50),
      h2('4. Watch the race'),
      p(
        'At post time betting closes and the race runs live on the Current Race Screens: the field moves round the track, the leaderboard updates as they run, and every viewer sees the same race at the same moment.',
      ),
      h2('5. Collect'),
      p(
        'When the result is official every winning ticket is paid into your wallet at once; your Betting History shows each bet and what it returned. A worked example of a win payout:',
      ),
      win.block,
      h2('6. Check the race'),
      p(
        'Open the race results and press Verify: your browser hashes the revealed seed, compares it with the hash that was on the race card before the off, and re-runs the race to check the finish.',
      ),
    ],
  };
}

function instructions(s: InfoSettings): InfoDocument {
  const boxed = { bet_type: 'Exacta', selections: [[4, 7, 2]], box: true, amount_cents: 200 };
  const refund = ticketScratchRefund(boxed, [7]);
  return {
    page: 'instructions',
    title: 'Instructions',
    summary:
      'How Furlong works: accounts and the wallet, the program, betting, live races, results, your horses and the auction.',
    blocks: [
      h2('Accounts and the wallet'),
      p(
        'Sign up with a username, an e-mail and a password, then log in. Your account page shows a QR code for a passwordless pass login from another device, your account details and your betting history. Furlong is play money only: the wallet holds credits, never real money.',
      ),
      p(
        'Every movement of your balance (a bet, a payout, a refund, an auction purchase) is an entry in the ledger, and a session that is idle for too long is logged out.',
      ),
      h2('The program'),
      ul(
        'Program Card: every track, filterable by location initial; open a track’s weekly or daily races.',
        'Track Card: today’s races at a track; open a race card from a row.',
        'Race Card: the race, its runners and the buttons to bet and handicap.',
        'Stats and Profiles: horses, jockeys, trainers, owners, tracks and races, with sortable, searchable tables.',
      ),
      h2('Betting'),
      p(
        `Bets are placed on the Bets page from a race card. The server checks every bet with the same rules the page shows: the horses must be running, the amount must be a multiple of the bet type’s step, a ticket may hold at most ${MAX_COMBINATIONS.toLocaleString('en-US')} combinations, and the race must still be open — the server’s clock decides, so a bet that arrives after post time is refused.`,
      ),
      betTypesTable(s),
      p(
        `A scratched horse is refunded in single-race bets, combination by combination: a ${formatMoney(boxed.amount_cents)} Exacta box of 4, 7 and 2 (${combinations(boxed)} combinations, ${formatMoney(totalCents(boxed))}) with 7 scratched gives back ${formatMoney(refund.refund_cents)} and keeps ${refund.remaining} combinations in play. In a multi-race bet the scratched horse is replaced by the post-time favourite of its race.`,
      ),
      h2('Live races and results'),
      p(
        'Races start at their post time whether anyone watches or not. The Current Race Screens show the running races; Race Results list each finish with the times, the payouts per $2 and the revealed seed with its Verify button.',
      ),
      h2('Your horses'),
      p(
        'Create your own horse, then enter it in a race with a free place; it earns its share of the purse when it runs in the money.',
      ),
      h2('The auction'),
      p(
        'Horses are sold in timed lots. Bid from your wallet; a late bid extends the lot, the highest bid at the close buys the horse, and a sales contract is drawn up for buyer and seller to sign.',
      ),
      h2('Getting help'),
      p(
        'Learn About Racing explains the bet types with worked examples and how payouts are computed; the Tutorial walks through a first bet; the FAQs answer the common questions. Each page can be read or downloaded as a PDF.',
      ),
    ],
  };
}

function faqs(s: InfoSettings): InfoDocument {
  const win = betExample(betTypeRule('Win'), s);
  const q = (question: string, ...answer: string[]) => [h3(question), ...answer.map(p)];
  return {
    page: 'faqs',
    title: 'FAQs',
    summary: 'Short answers to the questions bettors ask most.',
    blocks: [
      h2('Money'),
      ...q('Is this real money?', 'No. Furlong is a simulation: the wallet holds play money only.'),
      ...q(
        'What is the smallest bet?',
        `${BET_TYPES.filter((r) => r.amountStepCents === 100)
          .map((r) => r.name)
          .join(', ')}: ${formatMoney(minimumAmountCents('Win'))}. ${BET_TYPES.filter((r) => r.amountStepCents !== 100)
          .map((r) => r.name)
          .join(', ')}: ${formatMoney(minimumAmountCents('Trifecta'))}.`,
      ),
      ...q(
        'How is my payout worked out?',
        `By pari-mutuel rules: the pool less the takeout is shared by the winning tickets. For example, with the Win pool of our worked example a $2 ticket on horse ${win.interest} pays ${formatMoney(win.twoDollarPayoutCents)}. Learn About Racing shows the working for every bet type.`,
      ),
      ...q(
        'How much does the house keep?',
        `The takeout: ${takeoutList(s)}. The breakage (the odd cents below the ${breakageWord(s)}) too.`,
      ),
      ...q(
        'Can a winning ticket pay less than I bet?',
        `No. A winning $2 ticket pays at least ${minPayout(s)}; when the pool cannot pay that, the house covers the difference.`,
      ),
      h2('Betting'),
      ...q(
        'Why was my bet refused?',
        'The message names the field: the race may have closed (post time is on the server’s clock), a horse may be scratched, the amount may not fit the bet type, or the wallet may be short.',
      ),
      ...q(
        'Why did the odds change after I bet?',
        'Odds are the pool’s, not fixed: every bet moves them until post time, and you are paid at the final odds.',
      ),
      ...q(
        'What happens if my horse is scratched?',
        'Single-race bets on it are refunded; in a multi-race bet it is replaced by the post-time favourite of its race.',
      ),
      ...q('What is a box?', 'A box covers every order of the horses you name, and costs one ticket per combination.'),
      h2('Races'),
      ...q(
        'Are the races fixed?',
        'Each race is decided by a secret seed whose SHA-256 hash is published before betting opens. After the finish the seed is revealed and anyone can re-run the race with Verify and get the same result.',
      ),
      ...q(
        'I joined in the middle of a race. What do I see?',
        'The race as it stands, then the live frames; everyone sees the same race at the same moment.',
      ),
      ...q('When are winnings paid?', 'As soon as the result is official, straight into the wallet.'),
      h2('Account'),
      ...q(
        'I was logged out. Why?',
        'Sessions end after a period without activity, and on logout. Log in again; your bets and balance are kept.',
      ),
      ...q(
        'What is the pass login?',
        'The QR code on your account page logs you in on another device without typing a password.',
      ),
    ],
  };
}

const BUILDERS: Record<InfoPageSlug, (s: InfoSettings) => InfoDocument> = {
  'learn-about-racing': learnAboutRacing,
  tutorial,
  instructions,
  faqs,
};

/** One information page, built from the rules and the configuration. */
export function infoDocument(page: InfoPageSlug, settings: InfoSettings): InfoDocument {
  anchors = new Set();
  return BUILDERS[page](settings);
}

/** The headings of a document, in order: what its table of contents and the PDF's outline show. */
export function infoHeadings(doc: InfoDocument): string[] {
  return doc.blocks.flatMap((b) => (b.type === 'heading' ? [b.text] : []));
}
