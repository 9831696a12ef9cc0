import type { SchemaCheck } from '@furlong/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const CLEAN: SchemaCheck = {
  checked_at: '2026-11-26T12:00:00.000Z',
  tables_checked: 58,
  columns_checked: 1204,
  drift: [],
};

describe('CompareColumnsPage', () => {
  it('should say the database matches the code, with how much was checked', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const { calls } = mockApi({ '/api/admin/schema-check': () => CLEAN });
    renderRoute('/compare-columns');
    expect(
      await screen.findByText('The database matches the code: 58 tables, 1,204 columns checked.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await screen.findByRole('button', { name: 'Check again' });
    expect(calls.filter((c) => c.pathname === '/api/admin/schema-check').length).toBeGreaterThanOrEqual(1);
  });

  it('should show a table per drifting table: missing, extra and differing columns', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({
      '/api/admin/schema-check': (): SchemaCheck => ({
        ...CLEAN,
        drift: [
          {
            table: 'jockeys',
            table_missing: false,
            missing: [{ column: 'earnings_cents', type: 'bigint', nullable: false }],
            extra: [{ column: 'extra_col', type: 'integer', nullable: true }],
            different: [
              {
                column: 'jockey_name',
                expected_type: 'text',
                actual_type: 'character varying(50)',
                expected_nullable: false,
                actual_nullable: false,
              },
            ],
          },
        ],
      }),
    });
    renderRoute('/compare-columns');
    expect(await screen.findByText('1 of 58 tables differ from the code (1,204 columns checked).')).toBeInTheDocument();
    const drift = screen.getByRole('region', { name: 'Drift in jockeys' });
    const rows = within(drift)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'ColumnDifferenceIn the codeIn the database',
      'earnings_centsmissing in the databasebigint, not null—',
      'extra_colnot in the code—integer, null',
      'jockey_nametype differstext, not nullcharacter varying(50), not null',
    ]);
  });

  it('should show an error, and keep members out', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({
      '/api/admin/schema-check': () =>
        new Response(JSON.stringify({ statusCode: 500, error: 'Internal', message: 'boom' }), { status: 500 }),
    });
    const { unmount } = renderRoute('/compare-columns');
    expect(await screen.findByText(/The schema could not be checked./)).toBeInTheDocument();
    unmount();
    asMember('Ada');
    renderRoute('/compare-columns');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
