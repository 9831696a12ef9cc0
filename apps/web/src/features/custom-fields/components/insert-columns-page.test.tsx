import type { CustomField, CustomFieldValuesPage } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const grade: CustomField = {
  id: 5,
  table: 'horses',
  name: 'grade',
  label: 'Grade',
  type: 'integer',
  options: null,
  created_at: '2026-11-26T10:00:00.000Z',
  created_by: 1,
};

/** GET /api/admin/custom-fields/5/values: the first page, or the second (one horse) at offset=25. */
const gradePage = (offset: number): CustomFieldValuesPage => ({
  field: grade,
  items:
    offset === 0
      ? [
          { row_id: 1, name: 'Apple Jack', value: 7 },
          { row_id: 2, name: 'Blue Moon', value: null },
          { row_id: 3, name: 'Cider', value: null },
        ]
      : [{ row_id: 26, name: 'Zephyr', value: 2 }],
  total: 26,
  limit: 25,
  offset,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('InsertColumnsPage', () => {
  it('should list a page of records with their values and save the changed ones at once', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const sent: unknown[] = [];
    let refuse = true;
    const { calls } = mockApi({
      '/api/admin/custom-fields/5/values': (url, init) => {
        if ((init?.method ?? 'GET') === 'GET') return gradePage(Number(url.searchParams.get('offset')));
        sent.push(JSON.parse(String(init?.body)));
        if (refuse) {
          refuse = false;
          return json(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'values[1].row_id: no horse has id 3',
            errors: [{ field: 'values[1].row_id', reason: 'no horse has id 3' }],
          });
        }
        return { field: grade, saved: 1, cleared: 1, audit_id: 9 };
      },
      '/api/admin/custom-fields': () => ({ items: [grade] }),
    });
    renderRoute('/insert-columns');
    expect(await screen.findByLabelText('Field')).toHaveValue('5');
    const form = await screen.findByRole('form', { name: 'Values of Grade' });
    const apple = await within(form).findByLabelText('Grade of Apple Jack');
    expect(apple).toHaveValue(7);
    expect(within(form).getByLabelText('Grade of Blue Moon')).toHaveValue(null);
    expect(within(form).getByRole('navigation', { name: 'Horses: pages' })).toHaveTextContent('1–25 of 26');
    // The page's records, names and values come in one request, not one per record.
    const reads = () => calls.filter((u) => u.pathname === '/api/admin/custom-fields/5/values');
    expect(reads().map((u) => u.search)).toEqual(['?limit=25&offset=0']);
    expect(calls.filter((u) => !u.pathname.startsWith('/api/admin/custom-fields'))).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Save all' }));
    expect(await within(form).findByText('Nothing to save: change a value first.')).toBeInTheDocument();

    fireEvent.change(apple, { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Grade of Cider'), { target: { value: '4' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save all' }));
    // The server's 400 shows by the record it names; nothing was saved.
    expect(await within(form).findByText('no horse has id 3')).toBeInTheDocument();
    expect(within(form).getByLabelText('Grade of Cider')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(within(form).getByRole('button', { name: 'Save all' }));
    expect(await within(form).findByText('Saved 1 value, cleared 1 of Grade.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        values: [
          { row_id: 1, value: null },
          { row_id: 3, value: 4 },
        ],
      },
      {
        values: [
          { row_id: 1, value: null },
          { row_id: 3, value: 4 },
        ],
      },
    ]);
  });

  it('should page through the records, each page one request', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const { calls } = mockApi({
      '/api/admin/custom-fields/5/values': (url) => gradePage(Number(url.searchParams.get('offset'))),
      '/api/admin/custom-fields': () => ({ items: [grade] }),
    });
    renderRoute('/insert-columns');
    const form = await screen.findByRole('form', { name: 'Values of Grade' });
    await within(form).findByLabelText('Grade of Apple Jack');
    fireEvent.click(within(form).getByRole('button', { name: 'Next' }));
    expect(await within(form).findByLabelText('Grade of Zephyr')).toHaveValue(2);
    expect(within(form).queryByLabelText('Grade of Apple Jack')).not.toBeInTheDocument();
    expect(within(form).getByRole('navigation', { name: 'Horses: pages' })).toHaveTextContent('26–26 of 26');
    expect(
      calls.filter((u) => u.pathname === '/api/admin/custom-fields/5/values').map((u) => u.searchParams.get('offset')),
    ).toEqual(['0', '25']);
  });

  it('should say so when the entity has no fields', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({ '/api/admin/custom-fields': () => ({ items: [] }) });
    renderRoute('/insert-columns');
    expect(await screen.findByText(/Horses have no custom fields yet/)).toBeInTheDocument();
  });
});
