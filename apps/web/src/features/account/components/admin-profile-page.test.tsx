import type { AdminUserRow } from '@furlong/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const row = (id: number, username: string, role: AdminUserRow['role']): AdminUserRow => ({
  id,
  username,
  email: `${username}@furlong.test`,
  role,
  created_at: new Date().toISOString(),
  balance_cents: 100_000,
});

describe('AdminProfilePage', () => {
  it("should let an admin set another user's role, and not their own", async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const users = [row(1, 'Steward', 'admin'), row(2, 'shiftlead', 'user')];
    const sent: { path: string; method?: string; body: unknown }[] = [];
    mockApi({
      '/api/admin/users/': (url, init) => {
        const body = JSON.parse(String(init?.body));
        sent.push({ path: url.pathname, method: init?.method, body });
        users[1] = row(2, 'shiftlead', body.role);
        return users[1];
      },
      '/api/admin/users': () => ({ items: users, total: users.length, limit: 500, offset: 0 }),
    });
    renderRoute('/admin-profile');
    const select = await screen.findByLabelText('Role of shiftlead');
    expect(screen.queryByLabelText('Role of Steward')).not.toBeInTheDocument();
    fireEvent.change(select, { target: { value: 'operator' } });
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/api/admin/users/2/role', method: 'PUT', body: { role: 'operator' } }]),
    );
    await waitFor(() => expect(screen.getByLabelText('Role of shiftlead')).toHaveValue('operator'));
  });

  it('should tell a member that the page is for administrators', async () => {
    asMember('Ada');
    mockApi({});
    renderRoute('/admin-profile');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
