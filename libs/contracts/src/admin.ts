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

/** The message the spec gives a failed scan (§8). */
export const SCAN_FAILED_MESSAGE = 'Error occurred while running scan and insert process.';

/** One kind of gap the scan looks for: where, what, how many it found and how many it repaired. */
export const scanCheckSchema = z
  .object({
    table: z.string(),
    check: z.string(),
    found: z.int(),
    fixed: z.int(),
    note: z.string().describe('how it was repaired, or why not'),
  })
  .meta({ id: 'ScanCheck' });
export type ScanCheck = z.infer<typeof scanCheckSchema>;

/** A run of the scan and insert (issue 21), as the audit log keeps it. */
export const scanReportSchema = z
  .object({
    audit_id: z.int(),
    ran_at: isoDateTime(),
    ran_by: z.string(),
    duration_ms: z.int(),
    checks: z.array(scanCheckSchema),
    /** The spec's message when a check failed; null when every check ran. */
    error: z.string().nullable(),
  })
  .meta({ id: 'ScanReport' });
export type ScanReport = z.infer<typeof scanReportSchema>;

export const lastScanSchema = z
  .object({ report: scanReportSchema.nullable().describe('the latest run, or null before the first') })
  .meta({ id: 'LastScan' });
export type LastScan = z.infer<typeof lastScanSchema>;

/** One column of a table as the table browser shows it (never a secret's). */
export const tableColumnSchema = z
  .object({
    name: z.string(),
    type: z.string().describe('the database type, e.g. integer, text, timestamp with time zone'),
    nullable: z.boolean(),
    primary: z.boolean(),
  })
  .meta({ id: 'TableColumn' });
export type TableColumn = z.infer<typeof tableColumnSchema>;

/** A table the browser may show: its columns and how many rows it holds. */
export const tableSummarySchema = z
  .object({
    name: z.string(),
    columns: z.array(tableColumnSchema),
    hidden_columns: z.int().describe('columns left out because they hold secrets'),
    rows: z.int().describe('rows now'),
  })
  .meta({ id: 'TableSummary' });
export type TableSummary = z.infer<typeof tableSummarySchema>;

export const tablesResponseSchema = z.object({ items: z.array(tableSummarySchema) }).meta({ id: 'TablesResponse' });
export type TablesResponse = z.infer<typeof tablesResponseSchema>;

/** A table name as the browser takes it: the allow-list decides, this only bounds the text. */
export const tableParamsSchema = z.object({
  table: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'must be a table name: a-z, 0-9 and _, starting with a letter')
    .describe('a table of GET /api/admin/tables'),
});

export const tableRowsQuerySchema = z.strictObject({
  limit: queryInteger(1, 200, 50),
  offset: queryInteger(0, 2_147_483_647, 0),
});

export const tableRowsSchema = listResponseSchema(z.record(z.string(), z.unknown()))
  .extend({ table: z.string(), columns: z.array(z.string()) })
  .meta({ id: 'TableRows' });
export type TableRows = z.infer<typeof tableRowsSchema>;

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
  tables: defineOperation({
    method: 'get',
    path: '/admin/tables',
    tags: ['admin'],
    access: 'admin',
    summary: 'The tables an admin may browse, with their columns and row counts (admins only)',
    description:
      'An allow-list taken from the entity metadata: every table but the ones that hold only secrets (sessions, login passes, login-link redemptions, throttles) and the audit log; columns holding secrets (password hashes, token hashes) are left out of every table.',
    status: 200,
    response: tablesResponseSchema,
    errors: {
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`)',
    },
  }),
  tableRows: defineOperation({
    method: 'get',
    path: '/admin/tables/{table}/rows',
    tags: ['admin'],
    access: 'admin',
    summary: "A page of a table's rows, by primary key (admins only; read-only)",
    params: tableParamsSchema,
    query: tableRowsQuerySchema,
    status: 200,
    response: tableRowsSchema,
    errors: {
      400: 'a bad table name or query parameter (each is named in `errors`)',
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`)',
      404: 'no table of that name may be browsed',
    },
  }),
  runScanInsert: defineOperation({
    method: 'post',
    path: '/admin/scan-insert',
    tags: ['admin'],
    access: 'admin',
    summary:
      'Scan the data for the gaps a racing database accumulates and repair what can be derived (admins only; audited)',
    description:
      "Runs the admin.scan-insert job and answers its report: per table, what it found and what it repaired (tracks without today's card, races past their post that never ran, horses with results but no past performances). Idempotent: a second run finds nothing. A failed check is reported with the spec's message.",
    status: 200,
    response: scanReportSchema,
    errors: {
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`), or a missing or invalid CSRF token',
    },
  }),
  lastScanInsert: defineOperation({
    method: 'get',
    path: '/admin/scan-insert',
    tags: ['admin'],
    access: 'admin',
    summary: 'The latest scan and insert report (admins only)',
    status: 200,
    response: lastScanSchema,
    errors: {
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`)',
    },
  }),
} as const;
