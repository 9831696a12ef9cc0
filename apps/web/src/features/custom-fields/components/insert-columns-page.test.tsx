import type { CustomField, RecordCustomFields } from '@furlong/contracts';
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

const horses = {
  items: [
    { id: 1, horse_name: 'Apple Jack' },
    { id: 2, horse_name: 'Blue Moon' },
    { id: 3, horse_name: 'Cider' },
  ],
  total: 60,
  limit: 25,
  offset: 0,
};

const gradeOf = (id: number): RecordCustomFields => ({
  table: 'horses',
  row_id: id,
  items: [{ id: 5, name: 'grade', label: 'Grade', type: 'integer', options: null, value: id === 1 ? 7 : null }],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('InsertColumnsPage', () => {
  it('should list a page of records with their values and save the changed ones at once', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const sent: unknown[] = [];
    let refuse = true;
    mockApi({
      '/api/admin/custom-fields/5/values': (_url, init) => {
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
      '/api/horses': () => horses,
      '/api/custom-fields/horses/': (url) => gradeOf(Number(url.pathname.split('/').pop())),
    });
    renderRoute('/insert-columns');
    expect(await screen.findByLabelText('Field')).toHaveValue('5');
    const form = await screen.findByRole('form', { name: 'Values of Grade' });
    const apple = await within(form).findByLabelText('Grade of Apple Jack');
    expect(apple).toHaveValue(7);
    expect(within(form).getByRole('navigation', { name: 'Horses: pages' })).toBeInTheDocument();

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

  it('should say so when the entity has no fields', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({ '/api/admin/custom-fields': () => ({ items: [] }) });
    renderRoute('/insert-columns');
    expect(await screen.findByText(/Horses have no custom fields yet/)).toBeInTheDocument();
  });
});
