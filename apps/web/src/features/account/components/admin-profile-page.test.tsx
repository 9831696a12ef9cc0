import type { AdminUserRow } from '@furlong/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { asMember, mockApi, renderRoute } from '../../../../test/render';

const row = (id: number, username: string, role: AdminUserRow['role'], extra: Partial<AdminUserRow> = {}) =>
  ({
    id,
    username,
    email: `${username}@furlong.test`,
    full_name: null,
    role,
    created_at: new Date().toISOString(),
    balance_cents: 100_000,
    disabled: false,
    deleted: false,
    ...extra,
  }) satisfies AdminUserRow;

type Sent = { path: string; method?: string; body: unknown };

function adminApi(users: AdminUserRow[], sent: Sent[], lists: URL[] = []) {
  mockApi({
    '/api/admin/users/': (url, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ path: url.pathname, method: init?.method, body });
      const id = Number(url.pathname.split('/')[4]);
      const i = users.findIndex((u) => u.id === id);
      if (init?.method === 'PATCH') users[i] = { ...(users[i] as AdminUserRow), ...body };
      if (init?.method === 'DELETE') users[i] = { ...(users[i] as AdminUserRow), deleted: true };
      if (init?.method === 'POST') {
        users[i] = { ...(users[i] as AdminUserRow), balance_cents: (users[i]?.balance_cents ?? 0) + body.amount_cents };
        return new Response(JSON.stringify({ user: users[i], transfer_id: 9, audit_id: 3 }), { status: 201 });
      }
      return users[i];
    },
    '/api/admin/users': (url) => {
      lists.push(url);
      return { items: users, total: users.length, limit: 25, offset: 0 };
    },
  });
}

describe('AdminProfilePage', () => {
  it('should edit another user: name, e-mail, role and disabled, sending only what the form holds', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const users = [row(1, 'Steward', 'admin'), row(2, 'shiftlead', 'user')];
    const sent: Sent[] = [];
    adminApi(users, sent);
    renderRoute('/admin-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit shiftlead' }));
    const form = screen.getByRole('form', { name: 'Edit shiftlead' });
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Shift Lead' } });
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'operator' } });
    fireEvent.click(within(form).getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/api/admin/users/2',
          method: 'PATCH',
          body: {
            username: 'shiftlead',
            email: 'shiftlead@furlong.test',
            full_name: 'Shift Lead',
            role: 'operator',
            disabled: true,
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit shiftlead' })).not.toBeInTheDocument());
    const shiftlead = (await screen.findByText('Shift Lead')).closest('tr') as HTMLElement;
    expect(within(shiftlead).getByText('Disabled')).toBeInTheDocument();
  });

  it('should not let an admin change their own role or state, nor delete themselves', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const sent: Sent[] = [];
    adminApi([row(1, 'Steward', 'admin')], sent);
    renderRoute('/admin-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Steward' }));
    const form = screen.getByRole('form', { name: 'Edit Steward' });
    expect(within(form).getByLabelText('Role')).toBeDisabled();
    expect(within(form).getByRole('checkbox')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Delete Steward' })).not.toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ username: 'Steward', email: 'Steward@furlong.test', full_name: '' });
  });

  it('should show the server’s refusal under the field it names', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    mockApi({
      '/api/admin/users/': () =>
        new Response(
          JSON.stringify({
            statusCode: 409,
            message: 'username: is taken',
            errors: [{ field: 'username', reason: 'is taken' }],
          }),
          { status: 409 },
        ),
      '/api/admin/users': () => ({ items: [row(1, 'Steward', 'admin'), row(2, 'bea', 'user')], total: 2 }),
    });
    renderRoute('/admin-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit bea' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is taken')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('should delete a user after asking, and adjust a wallet with a reason', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const users = [row(1, 'Steward', 'admin'), row(2, 'bea', 'user')];
    const sent: Sent[] = [];
    adminApi(users, sent);
    renderRoute('/admin-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust the wallet of bea' }));
    const wallet = screen.getByRole('form', { name: 'Adjust the wallet of bea' });
    fireEvent.change(within(wallet).getByLabelText('Amount ($)'), { target: { value: '-12.5' } });
    fireEvent.change(within(wallet).getByLabelText('Reason'), { target: { value: 'duplicate credit' } });
    fireEvent.click(within(wallet).getByRole('button', { name: 'Debit $12.50' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          path: '/api/admin/users/2/wallet-adjustments',
          method: 'POST',
          body: { amount_cents: -1250, reason: 'duplicate credit' },
        },
      ]),
    );
    expect(await screen.findByText('$987.50')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete bea' }));
    const confirm = screen.getByRole('region', { name: 'Delete bea' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ path: '/api/admin/users/2', method: 'DELETE' }));
    const bea = (await screen.findByText('Deleted')).closest('tr') as HTMLElement;
    expect(within(bea).queryByRole('button', { name: 'Edit bea' })).not.toBeInTheDocument();
  });

  it('should search and sort on the server', async () => {
    asMember('Steward', { id: 1, role: 'admin' });
    const lists: URL[] = [];
    adminApi([row(1, 'Steward', 'admin')], [], lists);
    renderRoute('/admin-profile');
    await screen.findByRole('button', { name: 'Edit Steward' });
    fireEvent.change(screen.getByLabelText('Find a user'), { target: { value: 'stew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('q')).toBe('stew'));
    fireEvent.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('sort')).toBe('balance_cents'));
    expect(screen.getByRole('columnheader', { name: /Balance/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(screen.getByRole('button', { name: /Balance/ }));
    await waitFor(() => expect(lists.at(-1)?.searchParams.get('order')).toBe('desc'));
  });

  it('should tell a member that the page is for administrators', async () => {
    asMember('Ada');
    mockApi({});
    renderRoute('/admin-profile');
    expect(await screen.findByText('This page is for administrators.')).toBeInTheDocument();
  });
});
