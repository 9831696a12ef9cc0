import type { NewsPage, NewsQuery } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { PayoffService } from '../wagering/payoff.service';
import { NewsRepository } from './news.repository';
import { newsOfRace } from './news-writer';

/** How many of the latest results each run looks at (a run a minute sees far fewer new ones). */
export const NEWS_LOOKBACK_RESULTS = 50;
/** Settled races already written by this instance, kept so a run reads only new payoffs. */
const REMEMBERED_RACES = 1_000;

/**
 * The news (issue 20, §3): written from what happened, as the owners tell it (wagering's results
 * with their payoffs), once per guid; read a page at a time, newest first.
 */
@Injectable()
export class NewsService {
  private readonly written = new Set<number>();

  constructor(
    @Inject(NewsRepository) private readonly news: NewsRepository,
    @Inject(PayoffService) private readonly payoffs: PayoffService,
  ) {}

  /** GET /api/news */
  async page(query: NewsQuery): Promise<NewsPage> {
    const { items, total } = await this.news.page(query.limit, query.offset);
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /**
   * The content.news job: each latest result whose pools are all settled makes its items; a race
   * not settled yet is looked at again next run. Idempotent (the guid), so runs may overlap.
   */
  async write(): Promise<{ races: number; added: number }> {
    const latest = await this.payoffs.results({
      limit: NEWS_LOOKBACK_RESULTS,
      offset: 0,
      track_id: undefined,
      date: undefined,
    });
    let races = 0;
    let added = 0;
    for (const result of latest.items) {
      if (this.written.has(result.current_race_id)) continue;
      const payoffs = await this.payoffs.racePayoffs(result.current_race_id);
      if (!payoffs.settled) continue;
      added += await this.news.add(newsOfRace(result, payoffs));
      races++;
      this.remember(result.current_race_id);
    }
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
