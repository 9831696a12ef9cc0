import type { TableRows, TablesResponse } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { cellText } from './tables-page';

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
});
