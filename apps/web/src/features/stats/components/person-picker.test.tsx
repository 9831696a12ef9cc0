import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { makeConnectionStats, makeLeader, makeLeaders } from '../test-fixtures';

const JOCKEYS = [
  { id: 5, jockey_name: 'Rosa Diaz' },
  { id: 7, jockey_name: 'Ross Geller' },
  { id: 9, jockey_name: 'Ada Reyes' },
];

function mockJockeyApi() {
  return mockApi({
    '/api/stats/leaders': (url) => makeLeaders(url, [makeLeader(1, 'Ada Leader'), makeLeader(2, 'Bo Second')]),
    '/api/jockeys': (url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const items = JOCKEYS.filter((j) => j.jockey_name.toLowerCase().includes(q));
      return { items, total: items.length, limit: 20, offset: 0 };
    },
    '/api/stats/jockeys/': (url) => {
      const id = Number(url.pathname.split('/').pop());
      const jockey = JOCKEYS.find((j) => j.id === id);
      return jockey
        ? makeConnectionStats(id, jockey.jockey_name)
        : new Response(JSON.stringify({ statusCode: 404, message: `Jockey ${id} not found` }), { status: 404 });
    },
  });
}

const box = () => screen.getByRole('combobox', { name: 'Find a jockey' });

describe('PersonPicker on the jockey pages', () => {
  beforeEach(() => asMember());

  it('should offer the leaders while nobody is chosen', async () => {
    mockJockeyApi();
    renderRoute('/jockey-Stats');
    expect(await screen.findByRole('heading', { name: 'Jockey Stats', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Top 2 jockeys by wins/ });
    expect(within(table).getByRole('link', { name: 'Ada Leader' })).toHaveAttribute('href', '/jockey-Stats?id=1');
  });

  it('should show suggestions from the server as you type, and put the chosen id in the URL', async () => {
    const { calls } = mockJockeyApi();
    const { router } = renderRoute('/jockey-Stats');
    await screen.findByRole('table', { name: /Top 2 jockeys/ });

    fireEvent.change(box(), { target: { value: 'Ros' } });
    expect(await screen.findByRole('option', { name: 'Rosa Diaz' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ross Geller' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Ada Reyes' })).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    const search = calls.find((u) => u.pathname === '/api/jockeys');
    expect(search?.searchParams.get('q')).toBe('Ros');
    expect(search?.searchParams.get('sort')).toBe('jockey_name');
    expect(search?.searchParams.get('limit')).toBe('20');

    fireEvent.click(screen.getByRole('option', { name: 'Rosa Diaz' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
    expect(await screen.findByRole('heading', { name: 'Rosa Diaz' })).toBeInTheDocument();
    expect(screen.getByText('$98,765.43')).toBeInTheDocument();
    expect(box()).toHaveValue('');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/jockey-History?id=5');

    // The back button returns to the leaders.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('table', { name: /Top 2 jockeys/ })).toBeInTheDocument();
  });

  it('should be usable from the keyboard', async () => {
    mockJockeyApi();
    const { router } = renderRoute('/jockey-Style');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Find a jockey' }), { target: { value: 'ros' } });
    const second = await screen.findByRole('option', { name: 'Ross Geller' });

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box()).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');

    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box(), { key: 'ArrowUp' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?id=7'));
    expect(await screen.findByRole('heading', { name: 'Ross Geller' })).toBeInTheDocument();
  });

  it('should say when no name matches', async () => {
    mockJockeyApi();
    renderRoute('/jockey-History');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Find a jockey' }), { target: { value: 'zz' } });
    expect(await screen.findByText('No jockey matches “zz”.')).toBeInTheDocument();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
