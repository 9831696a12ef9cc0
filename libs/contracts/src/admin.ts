import { z } from 'zod';
import { defineOperation, idParam, isoDateTime, listResponseSchema, queryInteger, queryText } from './api';

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
    editable: z.boolean().describe('an admin may set it when creating or editing a row (see the table’s `writable`)'),
    required: z.boolean().describe('a new row must be given it (only where the table takes new rows)'),
  })
  .meta({ id: 'TableColumn' });
export type TableColumn = z.infer<typeof tableColumnSchema>;

/** What the table manager may do to a table's rows, and why not the rest (who writes them). */
export const tableWritesSchema = z
  .object({
    create: z.boolean(),
    update: z.boolean(),
    delete: z.boolean(),
    reason: z
      .string()
      .nullable()
      .describe('why some or all of these are not done here (who writes the table); null: all three are'),
  })
  .meta({ id: 'TableWrites' });
export type TableWrites = z.infer<typeof tableWritesSchema>;

/** A table the browser may show: its columns and how many rows it holds. */
export const tableSummarySchema = z
  .object({
    name: z.string(),
    columns: z.array(tableColumnSchema),
    hidden_columns: z.int().describe('columns left out because they hold secrets'),
    rows: z.int().describe('rows now'),
    writable: tableWritesSchema,
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

/** GET /api/admin/tables/{table}/fields: the spec's `GET /{table}/fields`. */
export const tableFieldsSchema = tableSummarySchema.omit({ rows: true }).meta({ id: 'TableFields' });
export type TableFields = z.infer<typeof tableFieldsSchema>;

export const tableRowParamsSchema = tableParamsSchema.extend({ id: idParam() });

/** One row as the table manager shows it: its columns by name (never a secret's). */
export const tableRowSchema = z.record(z.string(), z.unknown()).meta({ id: 'TableRow' });
export type TableRow = z.infer<typeof tableRowSchema>;

/**
 * POST and PATCH /api/admin/tables/{table}/rows: the columns to set. Each table's writer reads
 * them through its own schema (an unknown column or a bad value is a 400 naming `values.<column>`).
 */
export const tableRowWriteSchema = z
  .strictObject({
    values: z
      .record(z.string(), z.unknown(), { message: 'must be an object of column: value' })
      .describe('column name → value; only the columns the table’s fields mark `editable`'),
  })
  .meta({ id: 'TableRowWrite' });
export type TableRowWrite = z.infer<typeof tableRowWriteSchema>;

/** A column as the code declares it or as the database has it. */
export const schemaColumnSchema = z
  .object({
    column: z.string(),
    type: z.string().describe('e.g. integer, text, numeric(5,2), timestamp with time zone, text[]'),
    nullable: z.boolean(),
  })
  .meta({ id: 'SchemaColumn' });
export type SchemaColumn = z.infer<typeof schemaColumnSchema>;

/** A column both have, declared one way and made another. */
export const schemaDifferenceSchema = z
  .object({
    column: z.string(),
    expected_type: z.string().describe('the entity metadata’s'),
    actual_type: z.string().describe('the database’s'),
    expected_nullable: z.boolean(),
    actual_nullable: z.boolean(),
  })
  .meta({ id: 'SchemaDifference' });
export type SchemaDifference = z.infer<typeof schemaDifferenceSchema>;

/** One entity table whose database columns differ from the code's. */
export const schemaDriftSchema = z
  .object({
    table: z.string(),
    table_missing: z.boolean().describe('the database has no such table (every column is then missing)'),
    missing: z.array(schemaColumnSchema).describe('in the code, not in the database'),
    extra: z.array(schemaColumnSchema).describe('in the database, not in the code'),
    different: z.array(schemaDifferenceSchema).describe('in both, with another type or nullability'),
  })
  .meta({ id: 'SchemaDrift' });
export type SchemaDrift = z.infer<typeof schemaDriftSchema>;

/** GET /api/admin/schema-check: the compare-columns tool's report (empty `drift`: the schema matches). */
export const schemaCheckSchema = z
  .object({
    checked_at: isoDateTime(),
    tables_checked: z.int(),
    columns_checked: z.int().describe('columns the code declares, over every table checked'),
    drift: z.array(schemaDriftSchema).describe('only the tables that differ, by name'),
  })
  .meta({ id: 'SchemaCheck' });
export type SchemaCheck = z.infer<typeof schemaCheckSchema>;

const TABLE_WRITE_ERRORS = {
  400: 'a bad table name or id, an unknown column or a bad value (each is named in `errors`, e.g. `values.jockey_name`)',
  401: 'not logged in, or the session ran out',
  403: 'you are not an admin (reason `forbidden`), or a missing or invalid CSRF token',
  404: 'no table of that name may be browsed, or no row has that id',
  409: 'the table does not take this write here (reason `read_only`, with who writes it), the row is referred to (reason `in_use`, naming by what), a name is taken (reason `taken`), or the owner’s rule refuses it (e.g. `last_admin`)',
} as const;

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
  tableFields: defineOperation({
    method: 'get',
    path: '/admin/tables/{table}/fields',
    tags: ['admin'],
    access: 'admin',
    summary: "A table's fields: names, types, which an admin may set, and what may be done to its rows (admins only)",
    params: tableParamsSchema,
    status: 200,
    response: tableFieldsSchema,
    errors: {
      400: 'a bad table name (named in `errors`)',
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`)',
      404: 'no table of that name may be browsed',
    },
  }),
  createTableRow: defineOperation({
    method: 'post',
    path: '/admin/tables/{table}/rows',
    tags: ['admin'],
    access: 'admin',
    summary: 'Add a row to a table that takes new rows here, through its owner’s service (admins only; audited)',
    description:
      'Only jockeys, trainers and owners take new rows here; every other table answers 409 `read_only` with who writes it. The values are checked by the table’s own schema and bound, never put into the SQL.',
    params: tableParamsSchema,
    body: tableRowWriteSchema,
    status: 201,
    response: tableRowSchema,
    errors: TABLE_WRITE_ERRORS,
  }),
  updateTableRow: defineOperation({
    method: 'patch',
    path: '/admin/tables/{table}/rows/{id}',
    tags: ['admin'],
    access: 'admin',
    summary: 'Edit a row’s editable columns, through its owner’s service (admins only; audited)',
    params: tableRowParamsSchema,
    body: tableRowWriteSchema,
    status: 200,
    response: tableRowSchema,
    errors: TABLE_WRITE_ERRORS,
  }),
  deleteTableRow: defineOperation({
    method: 'delete',
    path: '/admin/tables/{table}/rows/{id}',
    tags: ['admin'],
    access: 'admin',
    summary: 'Delete a row nothing refers to, through its owner’s service (admins only; audited)',
    description: 'A user is deleted softly (the row stays, marked), as on the Users page.',
    params: tableRowParamsSchema,
    status: 204,
    response: null,
    errors: TABLE_WRITE_ERRORS,
  }),
  schemaCheck: defineOperation({
    method: 'get',
    path: '/admin/schema-check',
    tags: ['admin'],
    access: 'admin',
    summary: 'Compare the columns the code expects with the columns the database has (admins only; read-only)',
    description:
      'For every entity table: columns in the entity metadata but not in the database, columns in the database the code does not know, and columns whose type or nullability differ. An empty `drift` means the schema matches. It reports drift; it never alters a table.',
    status: 200,
    response: schemaCheckSchema,
    errors: {
      401: 'not logged in, or the session ran out',
      403: 'you are not an admin (reason `forbidden`)',
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
