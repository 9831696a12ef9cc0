import { useState } from 'react';
import { useNews } from '../../../api/news';
import { NewsList } from '../../../components/ui/news-list';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';

export const NEWS_PAGE_SIZE = 20;

/** /news: what happened on the tracks (big payouts, carryovers, streaks, users' winners, auction records) and the configured feed, newest first, a page at a time. */
export function NewsPage() {
  const [offset, setOffset] = useState(0);
  const news = useNews({ limit: NEWS_PAGE_SIZE, offset });
  const page = news.data;
  return (
    <Page title="News">
      {news.isPending ? <Loading text="Loading the news..." /> : null}
      {news.isError ? <ErrorMessage error={news.error} text="The news could not be loaded." /> : null}
      {page && page.total === 0 ? (
        <EmptyState>No news yet: items are written as races are run and their pools paid.</EmptyState>
      ) : null}
      {page && page.items.length > 0 ? (
        <>
          <NewsList items={page.items} />
          <Pager
            label="News"
            offset={offset}
            limit={NEWS_PAGE_SIZE}
            total={page.total}
            onMove={setOffset}
            previous="Newer"
            next="Older"
            small
          />
        </>
      ) : null}
    </Page>
  );
}
