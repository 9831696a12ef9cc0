import type { RecordCustomFields } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const horse = { id: 12, horse_name: 'Apple Jack', horse_number: 4, breed_id: 1, jockey_id: 2 };

const record = (values: Partial<Record<string, string | number | boolean | null>> = {}): RecordCustomFields => ({
  table: 'horses',
  row_id: 12,
  items: [
    { id: 1, name: 'notes', label: 'Notes', type: 'text', options: null, value: values.notes ?? null },
    { id: 2, name: 'stalls', label: 'Stalls', type: 'integer', options: null, value: values.stalls ?? null },
    { id: 3, name: 'gelded', label: 'Gelded', type: 'boolean', options: null, value: values.gelded ?? null },
    { id: 4, name: 'shoe', label: 'Shoe', type: 'one_of', options: ['steel', 'aluminium'], value: values.shoe ?? null },
  ],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('More details on a record’s page', () => {
  it('should show the custom fields and their values, with no Edit for a member', async () => {
    asMember('Ada');
    mockApi({
      '/api/horses/': () => horse,
      '/api/custom-fields/horses/12': () => record({ notes: "'); DROP TABLE horses;--", gelded: true }),
    });
    renderRoute('/page-horse/12');
    const section = await screen.findByRole('region', { name: 'More details' });
    expect(within(section).getByText('Notes').nextSibling).toHaveTextContent("'); DROP TABLE horses;--");
    expect(within(section).getByText('Gelded').nextSibling).toHaveTextContent('Yes');
    expect(within(section).getByText('Stalls').nextSibling).toHaveTextContent('—');
    expect(within(section).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('should show nothing when the entity has no custom fields', async () => {
    asMember('Ada');
    mockApi({
      '/api/horses/': () => horse,
      '/api/custom-fields/horses/12': () => ({ table: 'horses', row_id: 12, items: [] }),
    });
    renderRoute('/page-horse/12');
    expect(await screen.findByRole('heading', { name: 'Apple Jack' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'More details' })).not.toBeInTheDocument());
  });

  it('should let an admin edit the values with typed inputs, send only the changed ones and show a 400 by field', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const sent: unknown[] = [];
    let refuse = true;
    mockApi({
      '/api/horses/': () => horse,
      '/api/custom-fields/horses/12': () => record({ stalls: 3 }),
      '/api/admin/custom-fields/horses/12': (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        if (refuse) {
          refuse = false;
          return json(400, {
            statusCode: 400,
            error: 'Bad Request',
            message: 'values.notes: must be at most 1000 characters',
            errors: [{ field: 'values.notes', reason: 'must be at most 1000 characters' }],
          });
        }
        return record({ stalls: 3, notes: 'Bold', shoe: 'steel' });
      },
    });
    renderRoute('/page-horse/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit more details' });
    expect(within(form).getByLabelText('Stalls')).toHaveValue(3);
    expect(within(form).getByLabelText('Shoe').tagName).toBe('SELECT');
    // The domain's rule runs here first: a bad whole number is refused before anything is sent.
    fireEvent.change(within(form).getByLabelText('Stalls'), { target: { value: '1.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/must be a whole number/)).toBeInTheDocument();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Stalls'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Notes'), { target: { value: 'Bold' } });
    fireEvent.change(within(form).getByLabelText('Shoe'), { target: { value: 'steel' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('must be at most 1000 characters')).toBeInTheDocument();
    expect(sent).toEqual([{ values: { notes: 'Bold', shoe: 'steel' } }]);

    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const section = await screen.findByRole('region', { name: 'More details' });
    await waitFor(() => expect(within(section).queryByRole('form')).not.toBeInTheDocument());
    expect(within(section).getByText('Shoe').nextSibling).toHaveTextContent('steel');
  });
});
