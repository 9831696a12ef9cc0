import type { NewsItem } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { list } from '../../../../test/fixtures';
import { mockApi, renderRoute } from '../../../../test/render';
import { NEWS_PAGE_SIZE } from './news-page';

const item = (i: number): NewsItem => ({
  guid: `race-${i}-Pick 3-carryover`,
  kind: 'carryover',
  title: `Pick 3 carryover of $${i}.00 at Aville Downs`,
  description: `Nobody had the Pick 3 ending with race ${i}.`,
  link: `/race/${i}`,
  thumbnail: i === 0 ? '/thumbs/0.png' : null,
  created_at: '2026-11-23T12:32:00.000Z',
});

describe('NewsPage', () => {
  it('should list the news with links to the races and page to older items', async () => {
    const all = Array.from({ length: NEWS_PAGE_SIZE + 3 }, (_, i) => item(i));
    const { calls } = mockApi({
      '/api/news': (url) => {
        const offset = Number(url.searchParams.get('offset'));
        return { ...list(all.slice(offset, offset + Number(url.searchParams.get('limit'))), all.length), offset };
      },
    });
    renderRoute('/news');
    const first = await screen.findByRole('link', { name: 'Pick 3 carryover of $0.00 at Aville Downs' });
    expect(first).toHaveAttribute('href', '/race/0');
    expect(screen.getByText('Nobody had the Pick 3 ending with race 0.')).toBeInTheDocument();
    expect(screen.getByText(`1–${NEWS_PAGE_SIZE} of ${all.length}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(
      await screen.findByRole('link', { name: `Pick 3 carryover of $${NEWS_PAGE_SIZE}.00 at Aville Downs` }),
    ).toHaveAttribute('href', `/race/${NEWS_PAGE_SIZE}`);
    expect(screen.getByText(`${NEWS_PAGE_SIZE + 1}–${all.length} of ${all.length}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(calls.filter((u) => u.pathname === '/api/news').map((u) => u.searchParams.get('offset'))).toContain(
      String(NEWS_PAGE_SIZE),
    );
    const page = screen.getByRole('region', { name: 'News' });
    expect(within(page).getAllByRole('listitem')).toHaveLength(3);
  });

  it('should open a feed item’s own page in a new tab, and link a record sale to its lot', async () => {
    mockApi({
      '/api/news': () =>
        list(
          [
            { ...item(1), guid: 'feed-abc', kind: 'feed', title: 'Wire story', link: 'https://wire.example/1' },
            {
              ...item(2),
              guid: 'lot-7-record',
              kind: 'auction_record',
              title: 'Record lot',
              link: '/auction-horses/7',
            },
          ],
          2,
        ),
    });
    renderRoute('/news');
    const wire = await screen.findByRole('link', { name: 'Wire story' });
    expect(wire).toHaveAttribute('href', 'https://wire.example/1');
    expect(wire).toHaveAttribute('target', '_blank');
    expect(wire).toHaveAttribute('rel', 'noopener noreferrer');
    const lot = screen.getByRole('link', { name: 'Record lot' });
    expect(lot).toHaveAttribute('href', '/auction-horses/7');
    expect(lot).not.toHaveAttribute('target');
  });

  it('should say when there is no news yet', async () => {
    mockApi({ '/api/news': () => list([], 0) });
    renderRoute('/news');
    expect(await screen.findByText(/No news yet/)).toBeInTheDocument();
  });

  it('should say when the news could not be loaded', async () => {
    mockApi({ '/api/news': () => new Response(JSON.stringify({ statusCode: 500, message: 'boom' }), { status: 500 }) });
    renderRoute('/news');
    expect(await screen.findByRole('alert')).toHaveTextContent('The news could not be loaded.');
  });
});
