import { USER_ROLES, type UserRole } from '@furlong/contracts';
import { Page } from '../../../components/ui/page';
import { ErrorMessage, Loading } from '../../../components/ui/status';
import { formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useAdminUsers, useSetUserRole } from '../api/admin-users';

/** The admin profile: for an administrator, every account with its balance; for others, nothing. */
export function AdminProfilePage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const users = useAdminUsers(isAdmin);
  const setRole = useSetUserRole();
  if (!isAdmin) {
    return (
      <Page title="Admin Profile">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }
  return (
    <Page title="Admin Profile">
      <p>
        Logged in as <strong>{session.username}</strong> (administrator).
      </p>
      {users.isPending ? <Loading /> : null}
      {users.isError ? <ErrorMessage error={users.error} /> : null}
      {setRole.isError ? <ErrorMessage error={setRole.error} /> : null}
      {users.data ? (
        <table>
          <caption>Users ({users.data.total})</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Username</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Balance</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {users.data.items.map((u) => (
              <tr key={u.id}>
                <td>{u.id}</td>
                <td>{u.username}</td>
                <td>{u.email}</td>
                <td>
                  {u.id === session.id ? (
                    u.role
                  ) : (
                    <select
                      aria-label={`Role of ${u.username}`}
                      value={u.role}
                      disabled={setRole.isPending}
                      onChange={(e) => setRole.mutate({ id: u.id, role: e.target.value as UserRole })}
                    >
                      {USER_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
                <td className="num">{formatCents(u.balance_cents)}</td>
                <td>{new Date(u.created_at).toLocaleDateString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Page>
  );
}
