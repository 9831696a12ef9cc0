import { CATALOG_KINDS, type CatalogKindName, isCatalogKindName } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidRequestException, notFound } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CatalogRepository, type Row } from './catalog.repository';
import { ListCache } from './list-cache';
import { ListQueryError, parseListQuery } from './list-query';

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

  async list(kindName: CatalogKindName, rawQuery: Record<string, unknown>): Promise<ListPage> {
    const kind = CATALOG_KINDS[kindName];
    let query: ReturnType<typeof parseListQuery>;
    try {
      query = parseListQuery(kind, rawQuery);
    } catch (err) {
      if (err instanceof ListQueryError) throw new InvalidRequestException(err.problems);
      throw err;
    }
    const load = () => this.repository.list(kind, query);
    const { items, total } =
      query.limit <= CACHED_PAGE_ROWS
        ? await this.pages.get(`${kind.name} ${JSON.stringify(query)}`, load)
        : await load();
    return { items, total, limit: query.limit, offset: query.offset };
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

  async random(kindName: string, countText: string): Promise<Row[]> {
    const problems = [];
    if (!isCatalogKindName(kindName)) {
      problems.push({
        field: 'kind',
        reason: `unknown kind '${kindName}'; one of ${Object.keys(CATALOG_KINDS).join(', ')}`,
      });
    }
    const count = /^\d{1,3}$/.test(countText) ? Number(countText) : Number.NaN;
    if (!(count >= 1 && count <= 100)) {
      problems.push({ field: 'count', reason: `must be a whole number from 1 to 100, got '${countText}'` });
    }
    if (problems.length > 0 || !isCatalogKindName(kindName)) throw new InvalidRequestException(problems);
    return this.repository.random(CATALOG_KINDS[kindName], count);
  }

  async pastPerformance(horseId: number): Promise<Row> {
    const row = await this.repository.pastPerformance(horseId);
    if (!row) throw notFound('Horse', horseId);
    return { ...row, recent_starts: await this.repository.recentStarts(horseId, RECENT_STARTS) };
  }
}
