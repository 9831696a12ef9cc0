import type { AdminUserRow, AdminUserSort, AdminUsersQuery, UserProfile, UserRole } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface UserCredentials {
  id: number;
  email: string;
  role: UserRole;
  password_hash: string;
}

/** A unique column that a write collided with. */
export class DuplicateUserError extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`duplicate ${field}`);
  }
}

// Every column a response may carry: never password_hash.
const ADMIN_ROW_COLUMNS = `u.id, u.username, u.email, u.full_name, u.role, u.created_at,
  COALESCE(w.balance_cents, 0)::bigint AS balance_cents,
  u.disabled_at IS NOT NULL AS disabled, u.deleted_at IS NOT NULL AS deleted`;

/** The admins' users table's sorts, as columns (never the query's text: an allow-list). */
const ADMIN_SORT_COLUMNS: Record<AdminUserSort, string> = {
  id: 'u.id',
  username: 'lower(u.username)',
  email: 'u.email',
  role: 'u.role',
  created_at: 'u.created_at',
  balance_cents: 'COALESCE(w.balance_cents, 0)',
};
const PROFILE_COLUMNS = `u.id, u.uuid, u.username, u.email, u.full_name, u.role, u.created_at,
  COALESCE(w.balance_cents, 0)::bigint AS balance_cents`;

function duplicateOf(err: unknown): DuplicateUserError | undefined {
  const e = err as { code?: string; detail?: string };
  if (e?.code !== '23505') return undefined;
  if (e.detail?.includes('(email)')) return new DuplicateUserError('email');
  if (e.detail?.includes('(username)')) return new DuplicateUserError('username');
  return undefined;
}

/** The users table. Only `credentials` ever reads password_hash, and it never leaves the service. */
@Injectable()
export class UserRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async credentials(
    manager: EntityManager | undefined,
    email: string,
    options: { forUpdate?: boolean } = {},
  ): Promise<UserCredentials | undefined> {
    const rows: UserCredentials[] = await (manager ?? this.dataSource).query(
      `SELECT id, email, role, password_hash FROM users WHERE email = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
      [email],
    );
    return rows[0];
  }

  async credentialsById(id: number): Promise<UserCredentials | undefined> {
    const rows: UserCredentials[] = await this.dataSource.query(
      'SELECT id, email, role, password_hash FROM users WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  /** Which of a username and an e-mail are taken (case-insensitive username), other than by `exceptId`. */
  async taken(
    username: string | undefined,
    email: string | undefined,
    exceptId = 0,
    manager?: EntityManager,
  ): Promise<('username' | 'email')[]> {
    const rows: { username_taken: boolean; email_taken: boolean }[] = await (manager ?? this.dataSource).query(
      `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $3) AS username_taken,
              EXISTS (SELECT 1 FROM users WHERE email = $2 AND id <> $3) AS email_taken`,
      [username ?? null, email ?? null, exceptId],
    );
    const row = rows[0];
    return [...(row?.username_taken ? (['username'] as const) : []), ...(row?.email_taken ? (['email'] as const) : [])];
  }

  async insert(
    manager: EntityManager,
    user: { username: string; email: string; passwordHash: string; role: UserRole },
  ): Promise<number> {
    try {
      const rows: { id: number }[] = await manager.query(
        `INSERT INTO users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id`,
        [user.username, user.email, user.passwordHash, user.role],
      );
      return (rows[0] as { id: number }).id;
    } catch (err) {
      throw duplicateOf(err) ?? err;
    }
  }

  async update(
    manager: EntityManager,
    id: number,
    fields: { username?: string; email?: string; full_name?: string | null },
  ): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
    if (sets.length === 0) return;
    try {
      await manager.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, params);
    } catch (err) {
      throw duplicateOf(err) ?? err;
    }
  }

  async setPasswordHash(id: number, passwordHash: string): Promise<void> {
    await this.dataSource.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  }

  async setRole(manager: EntityManager, id: number, role: UserRole): Promise<void> {
    await manager.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);
  }

  async profile(id: number, manager?: EntityManager): Promise<UserProfile | undefined> {
    const rows: UserProfile[] = await (manager ?? this.dataSource).query(
      `SELECT ${PROFILE_COLUMNS} FROM users u LEFT JOIN wallet_accounts w ON w.user_id = u.id WHERE u.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** Usernames by id (ids of no user are left out). */
  async usernames(ids: readonly number[], manager?: EntityManager): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; username: string }[] = await (manager ?? this.dataSource).query(
      'SELECT id, username FROM users WHERE id = ANY($1::int[])',
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r.username]));
  }

  /** Ids by username, matched case-insensitively (keys as given; names of no user are left out). */
  async idsOfUsernames(names: readonly string[]): Promise<Map<string, number>> {
    if (names.length === 0) return new Map();
    const rows: { id: number; name: string }[] = await this.dataSource.query(
      `SELECT u.id, n.name FROM unnest($1::text[]) AS n(name) JOIN users u ON lower(u.username) = lower(n.name)`,
      [[...new Set(names)]],
    );
    return new Map(rows.map((r) => [r.name, r.id]));
  }

  /** One user as the admin list shows it. */
  async adminRow(id: number, manager?: EntityManager): Promise<AdminUserRow | undefined> {
    const rows: AdminUserRow[] = await (manager ?? this.dataSource).query(
      `SELECT ${ADMIN_ROW_COLUMNS} FROM users u LEFT JOIN wallet_accounts w ON w.user_id = u.id WHERE u.id = $1`,
      [id],
    );
    return rows[0];
  }

  /** The admins' users table: searched (username, e-mail, full name; any case), sorted, paged. */
  async list(q: AdminUsersQuery): Promise<{ items: AdminUserRow[]; total: number }> {
    const params: unknown[] = [];
    const where = q.q === undefined ? '' : `WHERE (u.username ILIKE $1 OR u.email ILIKE $1 OR u.full_name ILIKE $1)`;
    if (q.q !== undefined) params.push(`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const order = `${ADMIN_SORT_COLUMNS[q.sort]} ${q.order === 'desc' ? 'DESC' : 'ASC'}, u.id`;
    const [items, counted]: [AdminUserRow[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${ADMIN_ROW_COLUMNS}
           FROM users u LEFT JOIN wallet_accounts w ON w.user_id = u.id
          ${where} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.limit, q.offset],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM users u ${where}`, params),
    ]);
    return { items, total: counted[0]?.total ?? 0 };
  }

  /** The row an admin's change starts from, locked for the change (deleted ones too). */
  async lockForAdmin(manager: EntityManager, id: number): Promise<AdminUserRow | undefined> {
    await manager.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
    return this.adminRow(id, manager);
  }

  /**
   * The active admins (neither disabled nor deleted), locked: two admins demoting each other at
   * once wait for one another, so the second sees the first's change and the last admin stays.
   */
  async lockActiveAdmins(manager: EntityManager): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `SELECT id FROM users WHERE role = 'admin' AND disabled_at IS NULL AND deleted_at IS NULL ORDER BY id FOR UPDATE`,
    );
    return rows.map((r) => r.id);
  }

  async setDisabled(manager: EntityManager, id: number, disabled: boolean, at: Date): Promise<void> {
    await manager.query('UPDATE users SET disabled_at = $2 WHERE id = $1', [id, disabled ? at : null]);
  }

  async markDeleted(manager: EntityManager, id: number, at: Date): Promise<void> {
    await manager.query('UPDATE users SET deleted_at = $2 WHERE id = $1', [id, at]);
  }

  /** Whether the account may log in: not disabled, not deleted. */
  async loginBlock(id: number, manager?: EntityManager): Promise<'disabled' | 'deleted' | null> {
    const rows: { disabled: boolean; deleted: boolean }[] = await (manager ?? this.dataSource).query(
      'SELECT disabled_at IS NOT NULL AS disabled, deleted_at IS NOT NULL AS deleted FROM users WHERE id = $1',
      [id],
    );
    const r = rows[0];
    return r?.deleted ? 'deleted' : r?.disabled ? 'disabled' : null;
  }
}
