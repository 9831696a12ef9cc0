import type { CustomField } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const field = (over: Partial<CustomField> = {}): CustomField => ({
  id: 3,
  table: 'horses',
  name: 'coat_pattern',
  label: 'Coat pattern',
  type: 'one_of',
  options: ['blaze', 'star'],
  created_at: '2026-11-26T10:00:00.000Z',
  created_by: 1,
  ...over,
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('AddColumnsPage', () => {
  it('should add a one-of field and list it, sending the name, type, label and options', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    let fields: CustomField[] = [];
    let sent: unknown;
    mockApi({
      '/api/admin/custom-fields': () => ({ items: fields }),
      '/api/admin/tables/horses/addColumn': (_url, init) => {
        sent = JSON.parse(String(init?.body));
        fields = [field()];
        return json(201, fields[0]);
      },
    });
    renderRoute('/add-columns');
    expect(await screen.findByText('Horses have no custom fields yet.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'coat_pattern' } });
    fireEvent.change(screen.getByLabelText('Label (optional)'), { target: { value: 'Coat pattern' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'one_of' } });
    fireEvent.change(screen.getByLabelText('Options (one per line)'), { target: { value: 'blaze\n\n star \n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText('Added Coat pattern (coat_pattern) to horses.')).toBeInTheDocument();
    expect(sent).toEqual({
      columnName: 'coat_pattern',
      type: 'one_of',
      label: 'Coat pattern',
      options: ['blaze', 'star'],
    });
    const list = screen.getByRole('region', { name: 'Fields of horses' });
    expect(await within(list).findByText('coat_pattern')).toBeInTheDocument();
    expect(within(list).getByText('(blaze, star)')).toBeInTheDocument();
  });

  it('should show the 400’s problem under the field it names, and a 409 above', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    let answer = json(400, {
      statusCode: 400,
      error: 'Bad Request',
      message: "columnName: 'select' is a reserved word",
      errors: [{ field: 'columnName', reason: "'select' is a reserved word" }],
    });
    mockApi({
      '/api/admin/custom-fields': () => ({ items: [] }),
      '/api/admin/tables/': () => answer,
    });
    renderRoute('/add-columns');
    const name = await screen.findByLabelText('Name');
    fireEvent.change(name, { target: { value: 'select' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByText("'select' is a reserved word")).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    answer = json(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'horses already has a field named notes',
      reason: 'field_exists',
    });
    fireEvent.change(name, { target: { value: 'notes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('horses already has a field named notes');
  });

  it('should delete a field only after the confirm', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    let fields = [field({ table: 'jockeys', name: 'nickname', label: 'Nickname', type: 'text', options: null })];
    const deleted: string[] = [];
    mockApi({
      '/api/admin/custom-fields/': (url, init) => {
        if (init?.method === 'DELETE') {
          deleted.push(url.pathname);
          fields = [];
          return new Response(null, { status: 204 });
        }
        return { items: fields };
      },
      '/api/admin/custom-fields': () => ({ items: fields }),
    });
    renderRoute('/add-columns');
    fireEvent.change(await screen.findByLabelText('Entity'), { target: { value: 'jockeys' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete nickname' }));
    expect(screen.getByText('Delete nickname and every value of it?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete nickname' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(deleted).toEqual(['/api/admin/custom-fields/3']));
    expect(await screen.findByText('Jockeys have no custom fields yet.')).toBeInTheDocument();
  });

  it('should keep members out', async () => {
    asMember('Ada');
    mockApi({});
    renderRoute('/insert-columns');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
