import type { TableColumn, TableRows, TablesResponse } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { cellText, inputKind, inputValue } from './tables-page';

const TABLES: TablesResponse = {
  items: [
    {
      name: 'horses',
      columns: [
        { name: 'id', type: 'int', nullable: false, primary: true, editable: false, required: false },
        { name: 'horse_name', type: 'text', nullable: false, primary: false, editable: false, required: false },
      ],
      hidden_columns: 0,
      rows: 1234,
      writable: { create: false, update: false, delete: false, reason: 'Horses come from the seed.' },
    },
    {
      name: 'users',
      columns: [{ name: 'id', type: 'int', nullable: false, primary: true, editable: false, required: false }],
      hidden_columns: 1,
      rows: 2,
      writable: { create: false, update: true, delete: true, reason: 'Users register themselves.' },
    },
  ],
};

describe('cellText', () => {
  it('should show null as a dash, objects as JSON, and cut long text', () => {
    expect(cellText(null)).toBe('—');
    expect(cellText({ a: 1 })).toBe('{"a":1}');
    expect(cellText('x'.repeat(100))).toHaveLength(80);
  });
});

const JOCKEYS: TablesResponse['items'][number] = {
  name: 'jockeys',
  columns: [
    { name: 'id', type: 'integer', nullable: false, primary: true, editable: false, required: false },
    { name: 'jockey_name', type: 'text', nullable: false, primary: false, editable: true, required: true },
    { name: 'earnings_cents', type: 'bigint', nullable: false, primary: false, editable: false, required: false },
  ],
  hidden_columns: 0,
  rows: 2,
  writable: { create: true, update: true, delete: true, reason: null },
};

const BETS: TablesResponse['items'][number] = {
  name: 'bets',
  columns: [{ name: 'id', type: 'integer', nullable: false, primary: true, editable: false, required: false }],
  hidden_columns: 0,
  rows: 0,
  writable: {
    create: false,
    update: false,
    delete: false,
    reason: 'Written by wagering only: bets are placed through the bet slip and settled by the tote.',
  },
};

describe('inputKind and inputValue', () => {
  const column = (type: string, nullable = false): TableColumn => ({
    name: 'c',
    type,
    nullable,
    primary: false,
    editable: true,
    required: false,
  });
  it('should take numbers as numbers, an empty nullable field as null, and text as it is', () => {
    expect(inputKind('bigint')).toBe('number');
    expect(inputKind('numeric(5,2)')).toBe('number');
    expect(inputKind('boolean')).toBe('checkbox');
    expect(inputKind('timestamp with time zone')).toBe('text');
    expect(inputValue(column('integer'), '42')).toBe(42);
    expect(inputValue(column('text', true), '  ')).toBeNull();
    expect(inputValue(column('text'), "Robert'); --")).toBe("Robert'); --");
    expect(inputValue(column('boolean'), 'true')).toBe(true);
  });
});

describe('TablesPage', () => {
  it('should list the tables, show a table’s fields and page its rows', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const offsets: string[] = [];
    mockApi({
      '/api/admin/tables/': (url): TableRows => {
        const offset = Number(url.searchParams.get('offset'));
        offsets.push(String(offset));
        return {
          table: 'horses',
          columns: ['id', 'horse_name'],
          items: [{ id: offset + 1, horse_name: `Horse ${offset + 1}` }],
          total: 1234,
          limit: 25,
          offset,
        };
      },
      '/api/admin/tables': () => TABLES,
    });
    renderRoute('/showDB');
    const pick = await screen.findByLabelText('Table');
    expect(within(pick).getByRole('option', { name: 'horses (1,234 rows)' })).toBeInTheDocument();
    fireEvent.change(pick, { target: { value: 'horses' } });
    const fields = await screen.findByRole('region', { name: 'Fields of horses' });
    expect(within(fields).getAllByRole('row')[1]).toHaveTextContent('idintnoprimary');
    expect(await screen.findByText('Horse 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Horse 26')).toBeInTheDocument();
    await waitFor(() => expect(offsets).toEqual(['0', '25']));
  });

  it('should say how many secret fields are left out, and keep members out', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({
      '/api/admin/tables/': () => ({ table: 'users', columns: ['id'], items: [], total: 0, limit: 25, offset: 0 }),
      '/api/admin/tables': () => TABLES,
    });
    const { unmount } = renderRoute('/showDB');
    fireEvent.change(await screen.findByLabelText('Table'), { target: { value: 'users' } });
    expect(await screen.findByText('1 fields, 1 secret left out.')).toBeInTheDocument();
    expect(await screen.findByText('This table is empty.')).toBeInTheDocument();
    unmount();
    asMember('Ada');
    renderRoute('/showDB');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });

  it('should add, edit and delete rows of a writable table, showing the server’s field problem by its input', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const sent: { method: string; path: string; body: unknown }[] = [];
    let names = ['Ada Rider', 'Bo Jock'];
    mockApi({
      '/api/admin/tables/jockeys/rows': (url, init) => {
        const method = init?.method ?? 'GET';
        if (method === 'GET') {
          return {
            table: 'jockeys',
            columns: ['id', 'jockey_name', 'earnings_cents'],
            items: names.map((jockey_name, i) => ({ id: i + 1, jockey_name, earnings_cents: 0 })),
            total: names.length,
            limit: 25,
            offset: 0,
          };
        }
        const body = init?.body ? JSON.parse(String(init.body)) : undefined;
        sent.push({ method, path: url.pathname, body });
        if (method === 'POST' && body.values.jockey_name === 'x'.repeat(101)) {
          return new Response(
            JSON.stringify({
              statusCode: 400,
              error: 'Bad Request',
              message: 'values.jockey_name: must be at most 100 characters',
              errors: [{ field: 'values.jockey_name', reason: 'must be at most 100 characters' }],
            }),
            { status: 400 },
          );
        }
        if (method === 'POST') {
          names = [...names, body.values.jockey_name];
          return new Response(JSON.stringify({ id: names.length, jockey_name: body.values.jockey_name }), {
            status: 201,
          });
        }
        if (method === 'PATCH') {
          names = names.map((n, i) => (i === 0 ? body.values.jockey_name : n));
          return { id: 1, jockey_name: body.values.jockey_name, earnings_cents: 0 };
        }
        if (method === 'DELETE' && url.pathname.endsWith('/2')) {
          return new Response(
            JSON.stringify({
              statusCode: 409,
              error: 'Conflict',
              message: 'Jockey 2 is referred to by horses.jockey_id (3): it cannot be deleted.',
              reason: 'in_use',
            }),
            { status: 409 },
          );
        }
        return new Response(null, { status: 204 });
      },
      '/api/admin/tables': () => ({ items: [JOCKEYS, BETS] }),
    });
    renderRoute('/showDB');
    fireEvent.change(await screen.findByLabelText('Table'), { target: { value: 'jockeys' } });
    expect(await screen.findByText('Ada Rider')).toBeInTheDocument();

    // New row: a 400 shown by its input, then saved.
    fireEvent.click(screen.getByRole('button', { name: 'New row' }));
    const form = await screen.findByRole('form', { name: 'New row of jockeys' });
    const name = within(form).getByLabelText(/jockey_name/);
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('jockey_name must be at most 100 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(name, { target: { value: 'Cy New' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row 3 of jockeys saved.')).toBeInTheDocument();
    expect(await screen.findByText('Cy New')).toBeInTheDocument();

    // Edit: only what changed is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Edit row 1' }));
    const edit = await screen.findByRole('form', { name: 'Edit row 1 of jockeys' });
    expect(within(edit).getByLabelText(/jockey_name/)).toHaveValue('Ada Rider');
    fireEvent.change(within(edit).getByLabelText(/jockey_name/), { target: { value: 'Ada Rides' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Row 1 of jockeys saved.')).toBeInTheDocument();

    // Delete, confirmed: refused with the server's words, then one that goes.
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 2' }));
    const confirm = await screen.findByRole('region', { name: 'Delete row 2 of jockeys' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete row' }));
    expect(
      await within(confirm).findByText(/Jockey 2 is referred to by horses.jockey_id \(3\): it cannot be deleted./),
    ).toBeInTheDocument();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 3' }));
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Delete row 3 of jockeys' })).getByRole('button', {
        name: 'Delete row',
      }),
    );
    expect(await screen.findByText('Row 3 of jockeys deleted.')).toBeInTheDocument();
    expect(sent.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: 'x'.repeat(101) } }],
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: 'Cy New' } }],
      ['PATCH', '/api/admin/tables/jockeys/rows/1', { values: { jockey_name: 'Ada Rides' } }],
      ['DELETE', '/api/admin/tables/jockeys/rows/2', undefined],
      ['DELETE', '/api/admin/tables/jockeys/rows/3', undefined],
    ]);
  });

  it('should give a read-only table’s reason and no write buttons', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({
      '/api/admin/tables/': () => ({
        table: 'bets',
        columns: ['id'],
        items: [{ id: 7 }],
        total: 1,
        limit: 25,
        offset: 0,
      }),
      '/api/admin/tables': () => ({ items: [JOCKEYS, BETS] }),
    });
    renderRoute('/showDB');
    fireEvent.change(await screen.findByLabelText('Table'), { target: { value: 'bets' } });
    expect(
      await screen.findByText(
        'Read-only: Written by wagering only: bets are placed through the bet slip and settled by the tote.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Rows of bets' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New row' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit row 7' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete row 7' })).not.toBeInTheDocument();
  });
});
