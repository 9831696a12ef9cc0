import { z } from 'zod';
import { defineOperation, isoDateTime, listResponseSchema, queryInteger } from './api';

/**
 * What a news item is about (issue 20, §3): written by the server from what happened (a big payout,
 * a carryover, a horse's winning streak, a user's horse winning, an auction record), or read from
 * the RSS/Atom feed the operators configured (`feed`).
 */
export const NEWS_KINDS = [
  'big_win',
  'big_exotic',
  'carryover',
  'win_streak',
  'owner_win',
  'auction_record',
  'feed',
] as const;
export type NewsKind = (typeof NEWS_KINDS)[number];

/** How many items the home page shows (spec: "News shows 4 items"). */
export const HOME_NEWS_ITEMS = 4;
export const NEWS_DEFAULT_LIMIT = 20;
export const NEWS_MAX_LIMIT = 100;

/** One news item, with the fields a feed item carries (link, thumbnail, title, description, guid). */
export const newsItemSchema = z
  .object({
    guid: z.string().describe('unique and stable: the same event is one item however often the job runs'),
    kind: z.enum(NEWS_KINDS),
    title: z.string(),
    description: z.string(),
    /** A path in the app (the race, the horse, the lot), or a feed item's own http(s) address. */
    link: z
      .string()
      .describe(
        "a path in the app: the race (/race/{id}), the horse (/page-horse/{id}) or the lot (/auction-horses/{id}); a feed item's own http(s) address",
      ),
    thumbnail: z.string().nullable(),
    created_at: isoDateTime(),
  })
  .meta({ id: 'NewsItem' });
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsQuerySchema = z
  .object({
    limit: queryInteger(1, NEWS_MAX_LIMIT, NEWS_DEFAULT_LIMIT),
    offset: queryInteger(0, 1_000_000, 0),
  })
  .strict();
export type NewsQuery = z.output<typeof newsQuerySchema>;

export const newsPageSchema = listResponseSchema(newsItemSchema).meta({ id: 'NewsPage' });
export type NewsPage = z.infer<typeof newsPageSchema>;

export const newsApi = {
  news: defineOperation({
    method: 'get',
    path: '/news',
    tags: ['news'],
    access: 'public',
    summary:
      'News written by the server from what happened (big payouts, carryovers, winning streaks, users’ horses winning, auction records) and a configured feed’s items, newest first, paged',
    query: newsQuerySchema,
    status: 200,
    response: newsPageSchema,
    errors: { 400: 'a bad query parameter (named)' },
  }),
} as const;
