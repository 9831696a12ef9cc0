import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, list, makeResultSummary, makeTrack } from '../../../../test/fixtures';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { formatTimeOfDay } from '../../../lib/format';
import { RESULTS_LIST_MESSAGES } from './race-results-list';

const tracks = () => list([makeTrack(1, 'Aville'), makeTrack(2, 'Bexley', { track_name: 'Bexley Park' })]);
const page = (items: ReturnType<typeof makeResultSummary>[], total = items.length, offset = 0) =>
  list(items, total, offset, 25);

describe('RaceResultsPage without an id: the list of results', () => {
  beforeEach(() => asMember());

  it('should list the recent results newest first, each with its winner, $2 win price and a link to it', async () => {
    const { calls } = mockApi({
      '/api/tracks': tracks,
      '/api/race_results': () =>
        page([
          makeResultSummary(12, { post_time: '2026-11-23T15:30:00.000Z' }),
          makeResultSummary(11, {
            track_name: 'Bexley Park',
            race_number: 4,
            race_name: 'Bexley Race 4',
            winner_post_position: 6,
            winner_name: 'Dark Star',
            win_payoff_cents: null,
          }),
        ]),
    });
    renderRoute('/race-results');
    const table = await screen.findByRole('table', { name: 'Race results, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => Array.from((r as HTMLTableRowElement).cells, (c) => c.textContent?.trim()).join(' | '));
    expect(rows).toEqual([
      'Post time | Race | Winner | $2 Win',
      `${formatTimeOfDay('2026-11-23T15:30:00.000Z', { date: true })} | Aville Downs Race 12 | 3 Copper Kettle | $8.40`,
      `${formatTimeOfDay('2026-11-23T13:00:00.000Z', { date: true })} | Bexley Park Race 4 | 6 Dark Star | —`,
    ]);
    expect(within(table).getByRole('link', { name: 'Aville Downs Race 12' })).toHaveAttribute(
      'href',
      '/race-results?id=12',
    );
    const asked = calls.find((u) => u.pathname === '/api/race_results');
    expect(Object.fromEntries(asked?.searchParams ?? [])).toEqual({ limit: '25', offset: '0' });
    expect(screen.queryByText('No race result ID provided.')).not.toBeInTheDocument();
  });

  it('should show the loading text, then say when there are no results yet', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const { fetchMock } = mockApi({ '/api/tracks': tracks });
    const answered = fetchMock.getMockImplementation() as typeof fetch;
    globalThis.fetch = jest.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/api/race_results') ? pending : answered(input, init),
    ) as typeof fetch;
    renderRoute('/race-results');
    expect(await screen.findByText('Loading race results...')).toBeInTheDocument();
    await act(async () => answer(json(200, page([]))));
    expect(await screen.findByText(RESULTS_LIST_MESSAGES.empty)).toBeInTheDocument();
  });

  it('should show the error message when the results cannot be read', async () => {
    mockApi({
      '/api/tracks': tracks,
      '/api/race_results': () => json(500, { statusCode: 500, message: 'database down' }),
    });
    renderRoute('/race-results');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error fetching race results. Please try again later. (database down)',
    );
  });

  it('should filter by track and day from the query string, and change them as they are picked', async () => {
    const { calls } = mockApi({
      '/api/tracks': tracks,
      '/api/race_results': (url) =>
        url.searchParams.get('track_id') === '2' ? page([makeResultSummary(11, { track_id: 2 })]) : page([]),
    });
    const { router } = renderRoute('/race-results?track_id=2&date=2026-11-20');
    await screen.findByRole('table', { name: 'Race results, newest first' });
    const asked = () => calls.filter((u) => u.pathname === '/api/race_results').at(-1);
    expect(asked()?.searchParams.get('track_id')).toBe('2');
    expect(asked()?.searchParams.get('date')).toBe('2026-11-20');
    const track = screen.getByRole('combobox', { name: 'Track' });
    await waitFor(() => expect(track).toHaveValue('2'));
    expect(screen.getByLabelText('Race day (at the track)')).toHaveValue('2026-11-20');

    fireEvent.change(track, { target: { value: '1' } });
    await waitFor(() => expect(router.state.location.search).toBe('?track_id=1&date=2026-11-20'));
    fireEvent.change(screen.getByLabelText('Race day (at the track)'), { target: { value: '2026-11-21' } });
    expect(await screen.findByText(RESULTS_LIST_MESSAGES.emptyFiltered)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?track_id=1&date=2026-11-21');
    expect(asked()?.searchParams.get('track_id')).toBe('1');
    expect(asked()?.searchParams.get('date')).toBe('2026-11-21');

    fireEvent.click(screen.getByRole('button', { name: 'All results' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('combobox', { name: 'Track' })).toHaveValue('');
    await waitFor(() => expect(asked()?.searchParams.has('track_id')).toBe(false));
  });

  it('should page through older results', async () => {
    const { calls } = mockApi({
      '/api/tracks': tracks,
      '/api/race_results': (url) => {
        const offset = Number(url.searchParams.get('offset'));
        return page([makeResultSummary(60 - offset)], 60, offset);
      },
    });
    const { router } = renderRoute('/race-results');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 3 (60 results)');
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();

    fireEvent.click(within(pages).getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2 of 3'));
    expect(router.state.location.search).toBe('?page=2');
    expect(
      calls
        .filter((u) => u.pathname === '/api/race_results')
        .at(-1)
        ?.searchParams.get('offset'),
    ).toBe('25');
    expect(await screen.findByRole('link', { name: 'Aville Downs Race 35' })).toBeInTheDocument();
  });

  it('should be where the menu sends Racing → Race Results', async () => {
    mockApi({ '/api/tracks': tracks, '/api/race_results': () => page([makeResultSummary(12)]) });
    renderRoute('/home');
    fireEvent.click(await screen.findByRole('button', { name: 'Racing' }));
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const link = within(menu).getByRole('link', { name: 'Race Results' });
    expect(link).toHaveAttribute('href', '/race-results');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { name: 'Recent results' })).toBeInTheDocument();
  });
});
