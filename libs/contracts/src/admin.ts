import { z } from 'zod';
import { defineOperation, isoDateTime, listResponseSchema, queryInteger, queryText } from './api';

/** One administrative write as the audit log keeps it (issue 21): append-only, secrets masked. */
export const auditEntrySchema = z
  .object({
    id: z.int(),
    at: isoDateTime(),
    actor_user_id: z.int().nullable().describe('the admin who made it (null: the system)'),
    actor_username: z.string(),
    ip: z.string().describe('the client address of the request'),
    request_id: z.string().describe('the X-Request-Id the response carried'),
    action: z.string().describe('what was done, e.g. `user.update`, `user.delete`, `wallet.adjust`'),
    table_name: z.string(),
    row_id: z.string(),
    before: z.record(z.string(), z.unknown()).nullable().describe('the row before (secrets masked); null: created'),
    after: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('the row after (secrets masked); null: deleted or refused'),
    result: z.enum(['ok', 'refused']),
    reason: z.string().nullable().describe('why it was refused'),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject({
  limit: queryInteger(1, 200, 50),
  offset: queryInteger(0, 2_147_483_647, 0),
  table_name: queryText(63).describe('only writes to this table'),
  action: queryText(63).describe('only this action'),
  actor_user_id: queryInteger(1, 2_147_483_647).describe('only writes by this admin'),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditPageSchema = listResponseSchema(auditEntrySchema).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const adminApi = {
  auditLog: defineOperation({
    method: 'get',
    path: '/admin/audit',
    tags: ['admin'],
    access: 'admin',
    summary: 'The audit log of administrative writes, newest first (admins only)',
    query: auditQuerySchema,
    status: 200,
    response: auditPageSchema,
    errors: {
      400: 'a bad or unknown query parameter (each is named in `errors`)',
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`)',
    },
  }),
} as const;
