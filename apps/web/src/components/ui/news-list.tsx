import type { NewsItem } from '@furlong/contracts';
import { Link } from 'react-router-dom';
import { formatTimeOfDay } from '../../lib/format';

/**
 * News items as a feed shows them: thumbnail (when one), title linking to the race, horse or lot
 * (or, for an item of the configured feed, to its own page elsewhere, in a new tab), description.
 */
export function NewsList({ items }: { items: readonly NewsItem[] }) {
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li key={item.guid} className="news-item">
          {item.thumbnail ? (
            <img className="news-thumbnail" src={item.thumbnail} alt="" width={64} height={64} />
          ) : null}
          <div>
            {item.kind === 'feed' ? (
              <a href={item.link} target="_blank" rel="noopener noreferrer">
                {item.title}
              </a>
            ) : (
              <Link to={item.link}>{item.title}</Link>
            )}{' '}
            <time className="hint" dateTime={item.created_at}>
              {new Date(item.created_at).toISOString().slice(0, 10)} {formatTimeOfDay(item.created_at)}
            </time>
            <p className="news-description">{item.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
