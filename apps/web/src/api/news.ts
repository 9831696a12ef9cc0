import type { NewsPage } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** News is written as results are settled: look again this often while it is shown. */
export const NEWS_REFRESH_MS = 60_000;

export interface NewsFilter {
  limit: number;
  offset: number;
}

/** The one cache key of GET /api/news (the home page's first items and /news share it). */
export const newsKey = (filter: NewsFilter) => ['news', filter] as const;

/** GET /api/news: the news, newest first. */
export function getNews(filter: NewsFilter, signal?: AbortSignal): Promise<NewsPage> {
  return getJson<NewsPage>('/news', { limit: filter.limit, offset: filter.offset }, signal);
}

export function newsQuery(filter: NewsFilter) {
  return queryOptions({
    queryKey: newsKey(filter),
    queryFn: ({ signal }) => getNews(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: NEWS_REFRESH_MS,
  });
}

export function useNews(filter: NewsFilter) {
  return useQuery(newsQuery(filter));
}
