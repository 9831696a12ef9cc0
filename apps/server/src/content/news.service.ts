import type { NewsPage, NewsQuery } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { UserDirectory } from '../accounts/user-directory';
import { AuctionService } from '../auction/auction.service';
import { RaceHistoryRepository } from '../catalog/race-history.repository';
import { StableService } from '../stable/stable.service';
import { PayoffService } from '../wagering/payoff.service';
import { type NewNewsItem, NewsRepository } from './news.repository';
import { newsOfRace, newsOfRecordSale, newsOfWinner } from './news-writer';

/** How many of the latest results each run looks at (a run a minute sees far fewer new ones). */
export const NEWS_LOOKBACK_RESULTS = 50;
/** How many of the latest lots sold each run looks at for a record price. */
export const NEWS_LOOKBACK_SALES = 50;
/** Settled races already written by this instance, kept so a run reads only new payoffs. */
const REMEMBERED_RACES = 1_000;

/**
 * The news (issue 20, §3): written from what happened, as the owners tell it — wagering's results
 * with their payoffs, the catalog's history (a winning streak), the stable (a user's horse won),
 * the auction (a record price) — once per guid; read a page at a time, newest first. A configured
 * feed's items are added by NewsFeed.
 */
@Injectable()
export class NewsService {
  private readonly written = new Set<number>();

  constructor(
    @Inject(NewsRepository) private readonly news: NewsRepository,
    @Inject(PayoffService) private readonly payoffs: PayoffService,
    @Inject(RaceHistoryRepository) private readonly history: RaceHistoryRepository,
    @Inject(StableService) private readonly stable: StableService,
    @Inject(UserDirectory) private readonly users: UserDirectory,
    @Inject(AuctionService) private readonly auction: AuctionService,
  ) {}

  /** GET /api/news */
  async page(query: NewsQuery): Promise<NewsPage> {
    const { items, total } = await this.news.page(query.limit, query.offset);
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /**
   * The content.news job: each latest result whose pools are all settled makes its items; a race
   * not settled yet is looked at again next run. Then the latest record sales. Idempotent (the
   * guid), so runs may overlap.
   */
  async write(): Promise<{ races: number; added: number }> {
    const latest = await this.payoffs.results({
      limit: NEWS_LOOKBACK_RESULTS,
      offset: 0,
      track_id: undefined,
      date: undefined,
    });
    const fresh = latest.items.filter((r) => !this.written.has(r.current_race_id));
    const keepers = await this.stable.keepers(fresh.map((r) => r.winner_horse_id));
    const usernames = await this.users.usernames([...new Set(keepers.values())]);
    let races = 0;
    let added = 0;
    for (const result of fresh) {
      const payoffs = await this.payoffs.racePayoffs(result.current_race_id);
      if (!payoffs.settled) continue;
      const keeper = keepers.get(result.winner_horse_id);
      const items: NewNewsItem[] = [
        ...newsOfRace(result, payoffs),
        ...newsOfWinner(result, {
          winStreak: await this.history.winStreak(result.winner_horse_id, result.result_id),
          ownerUsername: keeper === undefined ? null : (usernames.get(keeper) ?? null),
        }),
      ];
      added += await this.news.add(items);
      races++;
      this.remember(result.current_race_id);
    }
    const records = await this.auction.recordSales(NEWS_LOOKBACK_SALES);
    added += await this.news.add(records.map(newsOfRecordSale));
    return { races, added };
  }

  private remember(raceId: number): void {
    this.written.add(raceId);
    if (this.written.size > REMEMBERED_RACES) {
      const [oldest] = this.written;
      if (oldest !== undefined) this.written.delete(oldest);
    }
  }
}
