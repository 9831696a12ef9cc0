import type { AdminUserRow, UserProfile, UserRole } from '@furlong/contracts';
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
const ADMIN_ROW_COLUMNS =
  'u.id, u.username, u.email, u.role, u.created_at, COALESCE(w.balance_cents, 0)::bigint AS balance_cents';
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

  async list(limit: number, offset: number): Promise<{ items: AdminUserRow[]; total: number }> {
    const [items, counted]: [AdminUserRow[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${ADMIN_ROW_COLUMNS}
           FROM users u LEFT JOIN wallet_accounts w ON w.user_id = u.id
          ORDER BY u.id LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      this.dataSource.query('SELECT count(*)::int AS total FROM users'),
    ]);
    return { items, total: counted[0]?.total ?? 0 };
  }
}
