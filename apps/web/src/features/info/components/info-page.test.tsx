import { screen, within } from '@testing-library/react';
import { mockApi, renderRoute } from '../../../../test/render';
import { makeInfoDocument } from '../test-fixtures';

describe('InfoPage', () => {
  it('should show the page from its blocks: contents, sections, tables, worked examples and lists', async () => {
    const { calls } = mockApi({ '/api/info/learn-about-racing': () => makeInfoDocument() });
    renderRoute('/learn-about-racing');

    expect(await screen.findByRole('heading', { level: 2, name: 'Bet types' })).toHaveAttribute('id', 'bet-types');
    expect(screen.getByRole('heading', { level: 1, name: 'Learn About Racing' })).toBeInTheDocument();
    expect(screen.getByText('How racing works at Furlong.')).toBeInTheDocument();

    const contents = screen.getByRole('navigation', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Bet types', '#bet-types'],
      ['Pari-mutuel odds and payouts', '#pari-mutuel-odds-and-payouts'],
    ]);

    const table = screen.getByRole('table', { name: 'The bet types of Furlong' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['Win', 'Exacta']);
    expect(within(screen.getByRole('row', { name: /Exacta/ })).getAllByRole('cell')[1]).toHaveTextContent('18.5%');

    const example = screen.getByRole('figure', { name: 'Worked example: Win: a $2 ticket on horse 4' });
    expect(within(example).getAllByRole('listitem')).toHaveLength(2);
    expect(within(example).getByText('A winning $2 Win ticket on horse 4 pays $9.20.')).toBeInTheDocument();
    expect(screen.getByText('Then the profit is shared.').closest('ol')).not.toBeNull();
    expect(calls.map((u) => u.pathname)).toEqual(['/api/info/learn-about-racing']);
  });

  it('should embed the PDF of the same page with a fallback link and offer it for download', async () => {
    mockApi({ '/api/info/faqs': () => makeInfoDocument('faqs', { title: 'FAQs' }) });
    const { container } = renderRoute('/faqs');
    await screen.findByRole('heading', { level: 1, name: 'FAQs' });

    const viewer = container.querySelector('object.info-pdf-viewer');
    expect(viewer).toHaveAttribute('data', '/api/info/faqs/pdf');
    expect(viewer).toHaveAttribute('type', 'application/pdf');
    expect(within(viewer as HTMLElement).getByRole('link', { name: 'open the PDF' })).toHaveAttribute(
      'href',
      '/api/info/faqs/pdf',
    );
    const downloads = screen.getAllByRole('link', { name: 'Download PDF' });
    expect(downloads.length).toBeGreaterThan(0);
    for (const link of downloads) {
      expect(link).toHaveAttribute('href', '/api/info/faqs/pdf');
      expect(link).toHaveAttribute('download', 'furlong-faqs.pdf');
    }
  });

  it('should load each page by its path', async () => {
    const { calls } = mockApi({
      '/api/info/tutorial': () => makeInfoDocument('tutorial', { title: 'Tutorial' }),
      '/api/info/instructions': () => makeInfoDocument('instructions', { title: 'Instructions' }),
    });
    renderRoute('/tutorial');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorial' })).toBeInTheDocument();
    renderRoute('/instructions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Instructions' })).toBeInTheDocument();
    expect(calls.map((u) => u.pathname)).toEqual(['/api/info/tutorial', '/api/info/instructions']);
  });

  it('should say so while the page loads', async () => {
    const { fetchMock } = mockApi({});
    const answer = fetchMock.getMockImplementation();
    // The page's answer never comes; everything else (the session) answers as usual.
    fetchMock.mockImplementation((input, init) =>
      String(input).includes('/api/info/') ? new Promise<Response>(() => {}) : (answer as typeof fetch)(input, init),
    );
    renderRoute('/faqs');
    expect(await screen.findByText('Loading the page…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'FAQs' })).toBeInTheDocument();
  });

  it('should say when the page cannot be loaded, still offering the PDF', async () => {
    mockApi({
      '/api/info/instructions': () =>
        new Response(JSON.stringify({ statusCode: 503, message: 'Server busy' }), { status: 503 }),
    });
    renderRoute('/instructions');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load this page. (Server busy)');
    expect(screen.getByRole('heading', { level: 1, name: 'Instructions' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Download PDF' })[0]).toHaveAttribute(
      'href',
      '/api/info/instructions/pdf',
    );
  });

  it('should say when a page has no content', async () => {
    mockApi({ '/api/info/tutorial': () => makeInfoDocument('tutorial', { title: 'Tutorial', blocks: [] }) });
    renderRoute('/tutorial');
    expect(await screen.findByText('This page has no content yet.')).toBeInTheDocument();
  });
});
