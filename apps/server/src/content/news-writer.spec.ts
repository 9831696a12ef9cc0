import type { RacePayoffs, RaceResultSummary, ResultPool } from '@furlong/contracts';
import {
  BIG_EXOTIC_CENTS,
  BIG_WIN_CENTS,
  newsOfRace,
  newsOfRecordSale,
  newsOfWinner,
  WIN_STREAK_MIN,
} from './news-writer';

const result: RaceResultSummary = {
  result_id: 9,
  current_race_id: 42,
  race_name: 'The Maiden',
  race_number: 3,
  track_id: 1,
  track_name: 'Aville Downs',
  race_date: '2026-11-26',
  post_time: '2026-11-26T12:00:00.000Z',
  finished_at: '2026-11-26T12:02:00.000Z',
  runners: 8,
  winner_post_position: 4,
  winner_horse_id: 77,
  winner_name: 'Furlong Flyer',
  win_payoff_cents: null,
};

function payoffs(winCents: number | null, pools: ResultPool[] = []): RacePayoffs {
  return {
    current_race_id: 42,
    settled: true,
    win_place_show: [
      {
        finish_position: 1,
        post_position: 4,
        horse_name: 'Furlong Flyer',
        win_cents: winCents,
        place_cents: null,
        show_cents: null,
      },
    ],
    pools,
  };
}

function pool(bet_type: ResultPool['bet_type'], twoDollar: number | null, carried = 0): ResultPool {
  return {
    bet_type,
    race_ids: [42],
    base_amount_cents: 100,
    outcome: carried > 0 ? 'carried_over' : 'paid',
    gross_cents: 10_000,
    net_cents: 8_000,
    carryover_in_cents: 0,
    carried_over_cents: carried,
    payoffs:
      twoDollar === null
        ? []
        : [
            {
              combination: '4-1',
              price_per_dollar_cents: twoDollar / 2,
              base_payout_cents: twoDollar / 2,
              two_dollar_payout_cents: twoDollar,
              winning_cents: 100,
              paid_cents: twoDollar / 2,
              races_correct: null,
              paid_class: null,
            },
          ],
  };
}

describe('newsOfRace', () => {
  it('should write a big win at a $20 Win price, linking to the winner', () => {
    const sut = newsOfRace(result, payoffs(BIG_WIN_CENTS));
    expect(sut).toEqual([
      expect.objectContaining({
        guid: 'race-42-big-win',
        kind: 'big_win',
        title: 'Furlong Flyer pays $20.00 to win',
        link: '/page-horse/77',
        created_at: new Date(result.finished_at),
      }),
    ]);
  });

  it('should write nothing for a Win price under $20 or a small exotic', () => {
    expect(newsOfRace(result, payoffs(BIG_WIN_CENTS - 10, [pool('Exacta', BIG_EXOTIC_CENTS - 10)]))).toEqual([]);
  });

  it('should write a big exotic and a carryover, each linking to the race', () => {
    const sut = newsOfRace(result, payoffs(400, [pool('Trifecta', 123_450), pool('Pick 3', null, 5_000)]));
    expect(sut.map((i) => [i.guid, i.kind, i.link])).toEqual([
      ['race-42-Trifecta-big', 'big_exotic', '/race/42'],
      ['race-42-Pick 3-carryover', 'carryover', '/race/42'],
    ]);
    expect(sut[0]?.title).toBe('Trifecta pays $1,234.50 at Aville Downs');
    expect(sut[1]?.title).toBe('Pick 3 carryover of $50.00 at Aville Downs');
  });

  it('should ignore the Place and Show pools however much they paid', () => {
    expect(newsOfRace(result, payoffs(null, [pool('Place', 50_000), pool('Show', 50_000)]))).toEqual([]);
  });
});

describe('newsOfWinner', () => {
  it('should write a winning streak from its third win in a row, linking to the horse', () => {
    expect(newsOfWinner(result, { winStreak: WIN_STREAK_MIN - 1, ownerUsername: null })).toEqual([]);
    expect(newsOfWinner(result, { winStreak: 4, ownerUsername: null })).toEqual([
      {
        guid: 'race-42-win-streak',
        kind: 'win_streak',
        title: 'Furlong Flyer wins 4 in a row',
        description: 'Furlong Flyer won race 3 at Aville Downs (The Maiden), its 4th win in a row.',
        link: '/page-horse/77',
        thumbnail: null,
        created_at: new Date(result.finished_at),
      },
    ]);
  });

  it('should write a user’s horse winning, naming the user', () => {
    const sut = newsOfWinner(result, { winStreak: 1, ownerUsername: 'dora' });
    expect(sut.map((i) => [i.guid, i.kind, i.title, i.link])).toEqual([
      ['race-42-owner-win', 'owner_win', 'dora’s Furlong Flyer wins at Aville Downs', '/page-horse/77'],
    ]);
    expect(sut[0]?.description).toBe('Furlong Flyer, from dora’s stable, won race 3 at Aville Downs (The Maiden).');
  });

  it('should write both when a user’s horse extends a streak', () => {
    expect(newsOfWinner(result, { winStreak: 3, ownerUsername: 'dora' }).map((i) => i.kind)).toEqual([
      'win_streak',
      'owner_win',
    ]);
  });
});

describe('newsOfRecordSale', () => {
  it('should write an auction record once per lot, linking to the lot', () => {
    const at = new Date('2026-11-26T10:00:00.000Z');
    expect(
      newsOfRecordSale({
        lot_id: 7,
        name: 'Gallant Gold',
        sale_name: 'The November Sale',
        hammer_price_cents: 1_250_000,
        previous_record_cents: 900_000,
        hammered_at: at,
      }),
    ).toEqual({
      guid: 'lot-7-record',
      kind: 'auction_record',
      title: 'Gallant Gold sells for a record $12,500.00',
      description:
        'Gallant Gold was knocked down for $12,500.00 in The November Sale, above the previous record of $9,000.00.',
      link: '/auction-horses/7',
      thumbnail: null,
      created_at: at,
    });
  });
});
