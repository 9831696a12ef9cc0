import { type AdminUserRow, type AdminUserSort, USER_ROLES, type UserRole } from '@furlong/contracts';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { ApiError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { type Session, useSession } from '../../../lib/session';
import { type AdminUsersView, useAdjustWallet, useAdminUsers, useDeleteUser, useUpdateUser } from '../api/admin-users';
import './admin.css';

export const ADMIN_USERS_PAGE_SIZE = 25;

const COLUMNS: { sort: AdminUserSort; label: string; num?: boolean }[] = [
  { sort: 'id', label: 'Id', num: true },
  { sort: 'username', label: 'Username' },
  { sort: 'email', label: 'E-mail' },
  { sort: 'role', label: 'Role' },
  { sort: 'balance_cents', label: 'Balance', num: true },
  { sort: 'created_at', label: 'Created' },
];

type Action = { kind: 'edit' | 'delete' | 'wallet'; user: AdminUserRow } | null;

/** A labelled input with the server's problem for it underneath ("Username is taken"). */
function AdminField({
  id,
  label,
  value,
  problem,
  onChange,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  problem: string | undefined;
  onChange(value: string): void;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => onChange(e.target.value)}
        {...input}
      />
      {problem ? <p className="field-error">{`${label} ${problem}`}</p> : null}
    </div>
  );
}

/** A field's problem from the server's 400/409, or the message when it names no field. */
function problemOf(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields.find((f) => f.field === field)?.reason : undefined;
}

/**
 * The admin profile (issue 21): every account — searched by name or e-mail, sorted by any column,
 * a page at a time — edited (username, e-mail, full name, role, disabled), deleted (soft) or its
 * wallet adjusted through the ledger with a reason. Every change is audited (the log is a link away).
 */
export function AdminProfilePage() {
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const [search, setSearch] = useState('');
  const [view, setView] = useState<AdminUsersView>({
    q: '',
    sort: 'id',
    order: 'asc',
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: 0,
  });
  const [action, setAction] = useState<Action>(null);
  const users = useAdminUsers(view, isAdmin);
  if (!isAdmin) {
    return (
      <Page title="Admin Profile">
        <p className="status status-error">This page is for administrators.</p>
      </Page>
    );
  }
  const sortBy = (sort: AdminUserSort) =>
    setView((v) => ({ ...v, sort, order: v.sort === sort && v.order === 'asc' ? 'desc' : 'asc', offset: 0 }));
  const find = (e: FormEvent) => {
    e.preventDefault();
    setView((v) => ({ ...v, q: search, offset: 0 }));
  };
  const page = users.data;
  return (
    <Page title="Admin Profile">
      <p>
        Logged in as <strong>{session.username}</strong> (administrator). Every change below is written to the{' '}
        <Link to="/admin/audit">audit log</Link>.
      </p>
      <form className="form admin-search" aria-label="User search" onSubmit={find}>
        <label htmlFor="admin-user-search">Find a user</label>
        <input
          id="admin-user-search"
          type="search"
          value={search}
          placeholder="Username, e-mail or name"
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className="button secondary">
          Search
        </button>
      </form>
      {users.isPending ? <Loading text="Loading the users..." /> : null}
      {users.isError ? <ErrorMessage error={users.error} text="The users could not be loaded." /> : null}
      {page && page.total === 0 ? <EmptyState>No user matches “{view.q}”.</EmptyState> : null}
      {page && page.items.length > 0 ? (
        <div className="table-scroll">
          <table>
            <caption>Users ({page.total})</caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.sort}
                    scope="col"
                    className={c.num ? 'num' : undefined}
                    aria-sort={view.sort === c.sort ? (view.order === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button type="button" className="sort-button" onClick={() => sortBy(c.sort)}>
                      {c.label}
                      {view.sort === c.sort ? (view.order === 'asc' ? ' ▲' : ' ▼') : ''}
                    </button>
                  </th>
                ))}
                <th scope="col">State</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((u) => (
                <tr key={u.id}>
                  <td className="num">{u.id}</td>
                  <td>
                    {u.username}
                    {u.full_name ? <div className="hint">{u.full_name}</div> : null}
                  </td>
                  <td>{u.email}</td>
                  <td>{u.role}</td>
                  <td className="num">{formatCents(u.balance_cents)}</td>
                  <td>{new Date(u.created_at).toLocaleDateString()}</td>
                  <td>{u.deleted ? 'Deleted' : u.disabled ? 'Disabled' : 'Active'}</td>
                  <td className="admin-actions">
                    {u.deleted ? null : (
                      <>
                        <button
                          type="button"
                          className="button secondary small"
                          aria-label={`Edit ${u.username}`}
                          onClick={() => setAction({ kind: 'edit', user: u })}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button secondary small"
                          aria-label={`Adjust the wallet of ${u.username}`}
                          onClick={() => setAction({ kind: 'wallet', user: u })}
                        >
                          Wallet
                        </button>
                        {u.id === session.id ? null : (
                          <button
                            type="button"
                            className="button secondary small"
                            aria-label={`Delete ${u.username}`}
                            onClick={() => setAction({ kind: 'delete', user: u })}
                          >
                            Delete
                          </button>
                        )}
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {page ? (
        <Pager
          label="Users"
          offset={view.offset}
          limit={view.limit}
          total={page.total}
          onMove={(offset) => setView((v) => ({ ...v, offset }))}
          hideWhenOnePage
          small
        />
      ) : null}
      {action?.kind === 'edit' ? (
        <EditUser key={action.user.id} user={action.user} session={session} onDone={() => setAction(null)} />
      ) : null}
      {action?.kind === 'delete' ? (
        <DeleteUser key={action.user.id} user={action.user} onDone={() => setAction(null)} />
      ) : null}
      {action?.kind === 'wallet' ? (
        <AdjustWallet key={action.user.id} user={action.user} onDone={() => setAction(null)} />
      ) : null}
    </Page>
  );
}

function EditUser({ user, session, onDone }: { user: AdminUserRow; session: Session; onDone(): void }) {
  const update = useUpdateUser();
  const own = user.id === session.id;
  const [fields, setFields] = useState({
    username: user.username,
    email: user.email,
    full_name: user.full_name ?? '',
    role: user.role as UserRole,
    disabled: user.disabled,
  });
  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      {
        id: user.id,
        username: fields.username,
        email: fields.email,
        full_name: fields.full_name,
        ...(own ? {} : { role: fields.role, disabled: fields.disabled }),
      },
      { onSuccess: onDone },
    );
  };
  const text = (name: 'username' | 'email' | 'full_name', label: string, type = 'text') => (
    <AdminField
      id={`edit-${name}`}
      label={label}
      type={type}
      value={fields[name]}
      problem={problemOf(update.error, name)}
      onChange={(value) => setFields((f) => ({ ...f, [name]: value }))}
    />
  );
  return (
    <form className="form admin-panel" aria-label={`Edit ${user.username}`} onSubmit={save}>
      <h2>Edit {user.username}</h2>
      {text('username', 'Username')}
      {text('email', 'E-mail', 'email')}
      {text('full_name', 'Full name')}
      <div className="admin-field">
        <label htmlFor="edit-role">Role</label>
        <select
          id="edit-role"
          value={fields.role}
          disabled={own}
          onChange={(e) => setFields((f) => ({ ...f, role: e.target.value as UserRole }))}
        >
          {USER_ROLES.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </select>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={fields.disabled}
          disabled={own}
          onChange={(e) => setFields((f) => ({ ...f, disabled: e.target.checked }))}
        />{' '}
        Disabled (cannot log in; their sessions end)
      </label>
      {own ? <p className="hint">Your own role and state are changed by another admin.</p> : null}
      {update.isError && (update.error instanceof ApiError ? update.error.fields.length === 0 : true) ? (
        <ErrorMessage error={update.error} />
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeleteUser({ user, onDone }: { user: AdminUserRow; onDone(): void }) {
  const remove = useDeleteUser();
  return (
    <section className="admin-panel" aria-label={`Delete ${user.username}`}>
      <h2>Delete {user.username}?</h2>
      <p>Their bets and wallet history stay; they can never log in again.</p>
      {remove.isError ? <ErrorMessage error={remove.error} /> : null}
      <div className="button-row">
        <button
          type="button"
          className="button danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(user.id, { onSuccess: onDone })}
        >
          Delete user
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </section>
  );
}

function AdjustWallet({ user, onDone }: { user: AdminUserRow; onDone(): void }) {
  const adjust = useAdjustWallet();
  const [dollars, setDollars] = useState('');
  const [reason, setReason] = useState('');
  const cents = Math.round(Number(dollars) * 100);
  const valid = dollars.trim() !== '' && Number.isFinite(cents) && cents !== 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    adjust.mutate({ id: user.id, amount_cents: cents, reason }, { onSuccess: onDone });
  };
  return (
    <form className="form admin-panel" aria-label={`Adjust the wallet of ${user.username}`} onSubmit={submit}>
      <h2>Adjust the wallet of {user.username}</h2>
      <p>
        Balance {formatCents(user.balance_cents)}. A positive amount credits the wallet from the house, a negative one
        debits it; the wallet shows the reason.
      </p>
      <AdminField
        id="wallet-amount"
        label="Amount ($)"
        inputMode="decimal"
        value={dollars}
        problem={problemOf(adjust.error, 'amount_cents')}
        onChange={setDollars}
      />
      <AdminField
        id="wallet-reason"
        label="Reason"
        maxLength={200}
        value={reason}
        problem={problemOf(adjust.error, 'reason')}
        onChange={setReason}
      />
      {adjust.isError && adjust.error instanceof ApiError && adjust.error.fields.length === 0 ? (
        <ErrorMessage error={adjust.error} />
      ) : null}
      <div className="button-row">
        <button type="submit" className="button" disabled={!valid || adjust.isPending}>
          {cents < 0 ? 'Debit' : 'Credit'} {valid ? formatCents(Math.abs(cents)) : ''}
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
