import type { AuditEntry } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';
import { changedFields } from './audit-log-page';

const entry = (id: number, extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-26T10:00:00.000Z',
  actor_user_id: 1,
  actor_username: 'Steward',
  ip: '127.0.0.1',
  request_id: `req-${id}`,
  action: 'user.update',
  table_name: 'users',
  row_id: '2',
  before: { username: 'bea', role: 'user', disabled: false },
  after: { username: 'bea', role: 'operator', disabled: true },
  result: 'ok',
  reason: null,
  ...extra,
});

describe('changedFields', () => {
  it('should list what changed, or the whole row when it was created or deleted', () => {
    expect(changedFields(entry(1))).toEqual(['role: "user" → "operator"', 'disabled: false → true']);
    expect(changedFields({ before: null, after: { amount_cents: 500 } })).toEqual(['amount_cents: 500']);
    expect(changedFields({ before: null, after: null })).toEqual([]);
  });
});

describe('AuditLogPage', () => {
  it('should show who changed what, and refusals with their reason, filtered by table', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const calls: URL[] = [];
    mockApi({
      '/api/admin/audit': (url) => {
        calls.push(url);
        const items = [
          entry(2, {
            result: 'refused',
            reason: 'This is the last active admin: make another admin first.',
            after: null,
          }),
          entry(1),
        ];
        return { items, total: items.length, limit: 50, offset: 0 };
      },
    });
    renderRoute('/admin/audit');
    const table = await screen.findByRole('table', { name: /Audit log/ });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Refused: This is the last active admin');
    expect(rows[2]).toHaveTextContent('role: "user" → "operator"');
    expect(rows[2]).toHaveTextContent('Made');
    expect(rows[2]).toHaveTextContent('users #2');
    fireEvent.change(screen.getByLabelText('Table'), { target: { value: 'wallet_accounts' } });
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('table_name')).toBe('wallet_accounts'));
  });

  it('should say when nothing has been changed yet, and keep members out', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({ '/api/admin/audit': () => ({ items: [], total: 0, limit: 50, offset: 0 }) });
    const { unmount } = renderRoute('/admin/audit');
    expect(await screen.findByText('Nothing has been changed by an admin yet.')).toBeInTheDocument();
    unmount();
    asMember('Ada');
    renderRoute('/admin/audit');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
