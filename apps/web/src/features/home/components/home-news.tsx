import { HOME_NEWS_ITEMS } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { useNews } from '../../../api/news';
import { NewsList } from '../../../components/ui/news-list';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';

/** The home page's first news items (spec: four), the rest a link away. */
export function HomeNews() {
  const news = useNews({ limit: HOME_NEWS_ITEMS, offset: 0 });
  const items = news.data?.items ?? [];
  return (
    <section className="home-news" aria-labelledby="home-news-title">
      <h2 id="home-news-title">News</h2>
      {news.isPending ? <Loading text="Loading the news..." /> : null}
      {news.isError ? <ErrorMessage error={news.error} text="The news could not be loaded." /> : null}
      {news.isSuccess && items.length === 0 ? <EmptyState>No news yet.</EmptyState> : null}
      {items.length > 0 ? <NewsList items={items} /> : null}
      <p>
        <Link to="/news">All the news</Link>
      </p>
    </section>
  );
}
