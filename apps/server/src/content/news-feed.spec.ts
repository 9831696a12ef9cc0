import { FEED_ITEMS_MAX, FeedError, newsOfFeed, parseFeed } from './news-feed';

const FEED_URL = 'https://racing.example/feed.xml';
const READ_AT = new Date('2026-11-26T12:00:00.000Z');

const rss = (items: string) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel>
<title>Racing Wire</title><link>https://racing.example/</link><description>d</description>
${items}
</channel></rss>`;

describe('newsOfFeed', () => {
  it('should read an RSS item: its link, title, text, image and date, under a stable guid', async () => {
    const feed = await parseFeed(
      rss(`<item><title>Derby field set</title><link>https://racing.example/derby</link>
        <guid>derby-1</guid><pubDate>Wed, 25 Nov 2026 09:30:00 GMT</pubDate>
        <description><![CDATA[<p>Twenty runners <b>declared</b>.</p>]]></description>
        <enclosure url="https://racing.example/derby.jpg" type="image/jpeg" length="1"/></item>`),
    );
    const [item, ...rest] = newsOfFeed(FEED_URL, feed, READ_AT);
    expect(rest).toEqual([]);
    expect(item).toEqual({
      guid: expect.stringMatching(/^feed-[0-9a-f]{32}$/),
      kind: 'feed',
      title: 'Derby field set',
      description: 'Twenty runners declared.',
      link: 'https://racing.example/derby',
      thumbnail: 'https://racing.example/derby.jpg',
      created_at: new Date('2026-11-25T09:30:00.000Z'),
    });
    // The same item read again, or from a re-sorted feed, is the same news item.
    expect(newsOfFeed(FEED_URL, feed, new Date())[0]?.guid).toBe(item?.guid);
    // The same guid in another feed is another item.
    expect(newsOfFeed('https://other.example/rss', feed, READ_AT)[0]?.guid).not.toBe(item?.guid);
  });

  it('should read an Atom entry, resolving a relative link against the feed and a Media RSS thumbnail', async () => {
    const feed = await parseFeed(`<?xml version="1.0"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
      <title>Atom Wire</title><id>urn:wire</id><updated>2026-11-25T10:00:00Z</updated>
      <entry><title>Atom story</title><id>urn:story:1</id><link href="/story/1"/>
        <updated>2026-11-25T10:00:00Z</updated><summary>Short text</summary>
        <media:thumbnail url="https://racing.example/t.png"/></entry></feed>`);
    expect(newsOfFeed(FEED_URL, feed, READ_AT)).toEqual([
      expect.objectContaining({
        title: 'Atom story',
        link: 'https://racing.example/story/1',
        description: 'Short text',
        thumbnail: 'https://racing.example/t.png',
        created_at: new Date('2026-11-25T10:00:00.000Z'),
      }),
    ]);
  });

  it('should leave out items without an http(s) link, date undated and future items when read, and clip long text', async () => {
    const long = 'word '.repeat(200);
    const feed = await parseFeed(
      rss(`<item><title>Script</title><link>javascript:alert(1)</link></item>
        <item><title>No link</title></item>
        <item><title>Undated</title><link>https://racing.example/a</link><description>${long}</description></item>
        <item><title>Future</title><link>https://racing.example/b</link><pubDate>Fri, 01 Jan 2100 00:00:00 GMT</pubDate></item>`),
    );
    const sut = newsOfFeed(FEED_URL, feed, READ_AT);
    expect(sut.map((i) => [i.title, i.created_at])).toEqual([
      ['Undated', READ_AT],
      ['Future', READ_AT],
    ]);
    expect(sut[0]?.description.length).toBe(400);
    expect(sut[0]?.description.endsWith('…')).toBe(true);
  });

  it(`should keep the newest ${FEED_ITEMS_MAX} items`, async () => {
    const items = Array.from(
      { length: FEED_ITEMS_MAX + 5 },
      (_, i) =>
        `<item><title>Story ${i}</title><link>https://racing.example/${i}</link><pubDate>${new Date(Date.UTC(2026, 0, 1 + i)).toUTCString()}</pubDate></item>`,
    ).join('');
    const sut = newsOfFeed(FEED_URL, await parseFeed(rss(items)), READ_AT);
    expect(sut).toHaveLength(FEED_ITEMS_MAX);
    expect(sut[0]?.title).toBe(`Story ${FEED_ITEMS_MAX + 4}`);
    expect(sut.at(-1)?.title).toBe('Story 5');
  });
});

describe('parseFeed', () => {
  it('should refuse what is not a feed with a FeedError saying so', async () => {
    await expect(parseFeed('<html><body>Not found</body></html>')).rejects.toThrow(FeedError);
    await expect(parseFeed('not xml at all')).rejects.toThrow(/not an RSS or Atom feed/);
  });
});
