import { fireEvent, screen, waitFor } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { pageWindow } from './catalog-table';

function horses(total: number) {
  return (url: URL) => {
    const limit = Number(url.searchParams.get('limit'));
    const offset = Number(url.searchParams.get('offset'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      id: offset + i + 1,
      horse_name: `Horse ${offset + i + 1}`,
      age: 3,
    }));
    return { items, total, limit, offset };
  };
}

describe(pageWindow.name, () => {
  it('should center a window of 10 page buttons on the current page, kept inside 1..last', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 50)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageWindow(50, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
  });
});

describe('CatalogTable', () => {
  beforeEach(() => asMember());

  it('should sort by a clicked column ascending, then descending on a second click', async () => {
    const { calls } = mockApi({ '/api/horses': horses(60) });
    renderRoute('/horses');
    const header = await screen.findByRole('button', { name: /Horse name/ });
    fireEvent.click(header);
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('order')).toBe('asc'));
    expect(calls.at(-1)?.searchParams.get('sort')).toBe('horse_name');
    fireEvent.click(screen.getByRole('button', { name: /Horse name/ }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('order')).toBe('desc'));
    expect(screen.getByRole('columnheader', { name: /Horse name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('should page with the page buttons and clamp at the last page', async () => {
    const { calls } = mockApi({ '/api/horses': horses(60) });
    renderRoute('/horses');
    expect(await screen.findByText('Showing 1–25 of 60')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    // While page 3 loads, page 1's rows stay, so the count line names the page it is loading, not 51–60.
    expect(screen.getByText('Loading page 3…')).toBeInTheDocument();
    expect(await screen.findByText('Showing 51–60 of 60')).toBeInTheDocument();
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Horse 51');
    expect(calls.at(-1)?.searchParams.get('offset')).toBe('50');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Page' }));
    expect(await screen.findByText('Showing 1–25 of 60')).toBeInTheDocument();
  });

  it('should send the free text, the exact-column filter and the page size to the server', async () => {
    const { calls } = mockApi({ '/api/horses': horses(60) });
    renderRoute('/horses');
    await screen.findByText('Showing 1–25 of 60');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'star' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('q')).toBe('star'));
    fireEvent.change(screen.getByLabelText('Column'), { target: { value: 'age' } });
    fireEvent.change(screen.getByLabelText('Exact value'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('age')).toBe('4'));
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '50' } });
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('limit')).toBe('50'));
    expect(calls.at(-1)?.searchParams.get('q')).toBe('star');
  });

  it('should open the detail sheet when a row is clicked', async () => {
    mockApi({ '/api/horses': horses(3), '/api/horses/2': () => ({ id: 2, horse_name: 'Horse 2' }) });
    const { router } = renderRoute('/horses');
    fireEvent.click(await screen.findByText('Horse 2'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page-horse/2'));
  });

  it('should say so when nothing matches', async () => {
    mockApi({ '/api/horses': horses(0) });
    renderRoute('/horses');
    expect(await screen.findByText('No rows match.')).toBeInTheDocument();
  });

  it("should show the server's reason when it refuses the query", async () => {
    mockApi({
      '/api/horses': () =>
        new Response(JSON.stringify({ statusCode: 400, message: 'age: must be an integer' }), { status: 400 }),
    });
    renderRoute('/horses');
    expect(await screen.findByRole('alert')).toHaveTextContent('age: must be an integer');
  });
});
