import type { NewsItem, NewsKind } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** An item to write; `created_at` is when its event happened. */
export interface NewNewsItem {
  guid: string;
  kind: NewsKind;
  title: string;
  description: string;
  link: string;
  thumbnail: string | null;
  created_at: Date;
}

interface NewsRow {
  guid: string;
  kind: NewsKind;
  title: string;
  description: string;
  link: string;
  thumbnail: string | null;
  created_at: Date;
}

/** The content module's news_items. */
@Injectable()
export class NewsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Writes each item once: a guid already there is left as it is. Resolves how many were new. */
  async add(items: readonly NewNewsItem[]): Promise<number> {
    let added = 0;
    for (const item of items) {
      const rows: unknown[] = await this.dataSource.query(
        `INSERT INTO news_items (guid, kind, title, description, link, thumbnail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (guid) DO NOTHING RETURNING id`,
        [item.guid, item.kind, item.title, item.description, item.link, item.thumbnail, item.created_at],
      );
      added += rows.length;
    }
    return added;
  }

  /** A page of the news, newest first, and how many items there are. */
  async page(limit: number, offset: number): Promise<{ items: NewsItem[]; total: number }> {
    const rows: NewsRow[] = await this.dataSource.query(
      `SELECT guid, kind, title, description, link, thumbnail, created_at FROM news_items
        ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [{ n }]: { n: number }[] = await this.dataSource.query('SELECT count(*)::int AS n FROM news_items');
    return { items: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })), total: n };
  }
}
