import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type Parser from 'rss-parser';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type NewNewsItem, NewsRepository } from './news.repository';

/** A feed larger than this is refused (a news feed is a few hundred KB at most). */
export const FEED_MAX_BYTES = 2_000_000;
/** A fetch that takes longer than this fails (the job is retried at its next run). */
export const FEED_TIMEOUT_MS = 10_000;
/** The newest this many items of a fetch are kept. */
export const FEED_ITEMS_MAX = 20;
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 400;

/** The fields read beyond rss-parser's own: a Media RSS thumbnail or image content. */
type MediaItem = {
  mediaThumbnail?: { $?: { url?: string } };
  mediaContent?: { $?: { url?: string; medium?: string; type?: string } };
  id?: string;
};
type FeedOutput = Parser.Output<MediaItem>;

/** Why a feed was not read: said in the job's failure, which operators see on the queue board. */
export class FeedError extends Error {}

type FeedParser = Parser<Record<string, never>, MediaItem>;
let parser: Promise<FeedParser> | null = null;

/** rss-parser (and its XML parser) is loaded with the first feed read, not at start: most servers have no feed. */
function feedParser(): Promise<FeedParser> {
  parser ??= import('rss-parser').then(
    ({ default: RssParser }) =>
      new RssParser<Record<string, never>, MediaItem>({
        customFields: {
          item: [
            ['media:thumbnail', 'mediaThumbnail'],
            ['media:content', 'mediaContent'],
          ],
        },
      }),
  );
  return parser;
}

/** An absolute http(s) address, or null (a feed's `javascript:` or relative link is not followed). */
function httpUrl(text: string | undefined, base?: string): string | null {
  if (!text) return null;
  try {
    const url = new URL(text.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function thumbnailOf(item: FeedOutput['items'][number], base: string): string | null {
  const enclosure = item.enclosure;
  if (enclosure?.url && (enclosure.type ?? '').startsWith('image/')) return httpUrl(enclosure.url, base);
  const media =
    item.mediaThumbnail?.$?.url ?? (item.mediaContent?.$?.medium === 'image' ? item.mediaContent.$.url : undefined);
  return httpUrl(media, base);
}

/**
 * A parsed feed's newest items as news items (pure). Each keeps its own link (http(s) only: an item
 * without one is left out), title, description (the text of its summary, clipped) and thumbnail (an
 * image enclosure or Media RSS thumbnail). Its guid is the feed's address and the item's own guid
 * (or id, or link) hashed, so the same item is one news item however often the feed is read. An
 * item dated in the future, or not dated, is dated when it was read.
 */
export function newsOfFeed(feedUrl: string, feed: FeedOutput, readAt: Date): NewNewsItem[] {
  const items: NewNewsItem[] = [];
  for (const item of feed.items) {
    const link = httpUrl(item.link, feedUrl);
    if (!link) continue;
    const key = item.guid ?? item.id ?? link;
    const dated = item.isoDate ? new Date(item.isoDate) : null;
    const createdAt = dated && !Number.isNaN(dated.getTime()) && dated <= readAt ? dated : readAt;
    items.push({
      guid: `feed-${createHash('sha256').update(`${feedUrl}\n${key}`).digest('hex').slice(0, 32)}`,
      kind: 'feed',
      title: clip(item.title || feed.title || 'News', TITLE_MAX),
      description: clip(item.contentSnippet ?? item.summary ?? '', DESCRIPTION_MAX),
      link,
      thumbnail: thumbnailOf(item, feedUrl),
      created_at: createdAt,
    });
  }
  return items.sort((a, b) => b.created_at.getTime() - a.created_at.getTime()).slice(0, FEED_ITEMS_MAX);
}

/** Parses a feed's text (RSS 0.9–2.0 or Atom); a FeedError when it is not one. */
export async function parseFeed(xml: string): Promise<FeedOutput> {
  const rss = await feedParser();
  try {
    return await rss.parseString(xml);
  } catch (err) {
    throw new FeedError(`not an RSS or Atom feed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Reads the body of a response up to `max` bytes; a FeedError past it. */
async function readCapped(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) throw new FeedError(`the feed is ${declared} bytes, more than ${max}`);
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw new FeedError(`the feed is more than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The optional news feed (issue 20, §3): NEWS_FEED_URL read by the content.feed job (fetched with
 * a time limit and a size cap, parsed by rss-parser), its items stored once each by their guid in
 * news_items — the cache the news pages read. None is configured by default: the default machine
 * has no internet.
 */
@Injectable()
export class NewsFeed {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(NewsRepository) private readonly news: NewsRepository,
  ) {}

  get url(): string | undefined {
    return this.config.news.feedUrl;
  }

  /** The content.feed job: the feed read once; resolves how many items were new. */
  async read(): Promise<{ items: number; added: number }> {
    const url = this.url;
    if (!url) return { items: 0, added: 0 };
    let res: Response;
    try {
      res = await fetch(url, {
        signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' },
      });
    } catch (err) {
      throw new FeedError(`the feed ${url} could not be fetched: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw new FeedError(`the feed ${url} answered ${res.status}`);
    const feed = await parseFeed(await readCapped(res, FEED_MAX_BYTES));
    const items = newsOfFeed(url, feed, new Date());
    return { items: items.length, added: await this.news.add(items) };
  }
}
