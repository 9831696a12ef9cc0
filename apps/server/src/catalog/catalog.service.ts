import { CATALOG_KINDS, type CatalogKindName, type ListQuery } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { notFound } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CatalogRepository, type Row } from './catalog.repository';
import { ListCache } from './list-cache';

export interface ListPage {
  items: Row[];
  total: number;
  limit: number;
  offset: number;
}

const RECENT_STARTS = 10;
/** Pages up to this size are kept in memory (a 5,000-row page is not worth keeping). */
const CACHED_PAGE_ROWS = 100;
const CACHED_PAGES = 500;

@Injectable()
export class CatalogService {
  /**
   * Reference data changes when a race is resulted or the nightly refresh runs: a list page a
   * second old is as good as a fresh one, and popular pages then cost PostgreSQL one read a second.
   */
  private readonly pages: ListCache<{ items: Row[]; total: number }>;

  constructor(
    @Inject(CatalogRepository) private readonly repository: CatalogRepository,
    @Inject(Clock) clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.pages = new ListCache(config.catalogCacheMs, CACHED_PAGES, () => clock.now().getTime());
  }

  async list(kindName: CatalogKindName, query: ListQuery): Promise<ListPage> {
    const kind = CATALOG_KINDS[kindName];
    const load = () => this.repository.list(kind, query);
    const { items, total } =
      query.limit <= CACHED_PAGE_ROWS
        ? await this.pages.get(`${kind.name} ${JSON.stringify(query)}`, load)
        : await load();
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /** Forgets the cached list pages: after an admin's write (the table manager) the lists show it at once. */
  forgetLists(): void {
    this.pages.clear();
  }

  async get(kindName: CatalogKindName, id: number): Promise<Row> {
    const kind = CATALOG_KINDS[kindName];
    const row = await this.repository.findById(kind, id);
    if (!row) throw notFound(kind.label, id);
    switch (kindName) {
      case 'horses':
        return { ...row, ...(await this.repository.horseConnections(id)) };
      case 'races':
        return {
          ...row,
          entries: await this.repository.raceEntries(id),
          result: (await this.repository.raceResult(id)) ?? null,
        };
      default:
        return row;
    }
  }

  /**
   * Which of `ids` are records of the kind; with `keep` (a write attaching rows to them), kept from
   * deletion until the transaction of `m` ends. A read takes no lock: a lock marks the row, a write.
   */
  existingIds(kindName: CatalogKindName, ids: readonly number[], m: EntityManager, keep = true): Promise<Set<number>> {
    return this.repository.existingIds(CATALOG_KINDS[kindName], ids, m, keep);
  }

  /** A page of the kind's ids and names, by id, `q` keeping the names that contain it (for another module's tool). */
  names(
    kindName: CatalogKindName,
    page: { limit: number; offset: number; q?: string },
  ): Promise<{ items: { id: number; name: string }[]; total: number }> {
    return this.repository.names(CATALOG_KINDS[kindName], page);
  }

  async random(kindName: CatalogKindName, count: number): Promise<Row[]> {
    return this.repository.random(CATALOG_KINDS[kindName], count);
  }

  async pastPerformance(horseId: number): Promise<Row> {
    const row = await this.repository.pastPerformance(horseId);
    if (!row) throw notFound('Horse', horseId);
    const [recentStarts, byYear] = await Promise.all([
      this.repository.recentStarts(horseId, RECENT_STARTS),
      this.repository.recordByYear(horseId),
    ]);
    const career = { year: null, starts: 0, wins: 0, places: 0, shows: 0, earnings_cents: 0 };
    for (const y of byYear) {
      for (const key of ['starts', 'wins', 'places', 'shows', 'earnings_cents'] as const) career[key] += Number(y[key]);
    }
    return { ...row, recent_starts: recentStarts, career, by_year: byYear };
  }
}
