import { type AdminUpdateUserRequest, adminUpdateUserRequestSchema } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { TableWriter } from '../common/table-writer';
import { AdminUsers } from './admin-users.service';

const EDITABLE = ['username', 'email', 'full_name', 'role'] as const;

/**
 * The users table in the table manager (issue 21): an edit or a delete is the Users page's, made
 * by AdminUsers with its rules and audit (the last admin, your own account, a taken name; a delete
 * is soft). Only the columns that page edits are editable; users register themselves.
 */
@Injectable()
export class UsersTableWriter {
  constructor(@Inject(AdminUsers) private readonly admin: AdminUsers) {}

  writer(): TableWriter {
    // The columns first (anything else is an unknown column), then the Users page's own checks.
    const schema = z
      .strictObject(Object.fromEntries(EDITABLE.map((c) => [c, z.unknown().optional()])))
      .pipe(adminUpdateUserRequestSchema) as unknown as z.ZodType<Record<string, unknown>, unknown>;
    return {
      table: 'users',
      editable: EDITABLE,
      required: [],
      reason:
        'Users register themselves; an admin edits a user’s name, e-mail and role, and deletes softly (the row stays, marked), as on the Users page, where accounts are also disabled and wallets adjusted.',
      update: {
        schema,
        apply: async (ctx, id, values) => {
          await this.admin.update(ctx, id, values as AdminUpdateUserRequest);
        },
      },
      delete: {
        apply: async (ctx, id) => {
          await this.admin.delete(ctx, id);
        },
      },
    };
  }
}
