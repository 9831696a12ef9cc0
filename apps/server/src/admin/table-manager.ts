import type { TableRow } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { type FieldProblem, InvalidRequestException, notFound } from '../common/api-error';
import { readOnly, type TableWriter, type ValuesSchema } from '../common/table-writer';
import { TableBrowser } from './table-browser';
import { TableWriters } from './table-writers';

type Write = 'create' | 'update' | 'delete';
const ACTION: Record<Write, string> = { create: 'row.create', update: 'row.update', delete: 'row.delete' };
const VERB: Record<Write, string> = { create: 'add rows to', update: 'edit', delete: 'delete rows of' };

/**
 * The table manager's writes (issue 21; the spec's POST /{table}, DELETE /{table}/{id}): over the
 * browser's allow-list, each dispatched to the writer the table's owner provides, whose service
 * makes the change under its rules and audits it in its transaction. A table (or a write) without
 * one is refused 409 `read_only` with who writes it, and that refusal is audited. The values are
 * read by the writer's own schema: a column it does not take, or a bad value, is a 400 naming
 * `values.<column>`; names are never put into SQL from a request.
 */
@Injectable()
export class TableManager {
  constructor(
    @Inject(TableBrowser) private readonly browser: TableBrowser,
    @Inject(TableWriters) private readonly writers: TableWriters,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  async create(ctx: AuditContext, table: string, values: Record<string, unknown>): Promise<TableRow> {
    const create = await this.writeOf(ctx, table, 'create', 'new');
    const id = await create.apply(ctx, readValues(create.schema, values));
    return this.browser.row(table, id);
  }

  async update(ctx: AuditContext, table: string, id: number, values: Record<string, unknown>): Promise<TableRow> {
    const update = await this.writeOf(ctx, table, 'update', id);
    await update.apply(ctx, id, readValues(update.schema, values));
    return this.browser.row(table, id);
  }

  async delete(ctx: AuditContext, table: string, id: number): Promise<void> {
    await (await this.writeOf(ctx, table, 'delete', id)).apply(ctx, id);
  }

  /** The table's writer's `write`, or 404 (no such table) / 409 `read_only` (audited). */
  private async writeOf<W extends Write>(
    ctx: AuditContext,
    table: string,
    write: W,
    rowId: number | 'new',
  ): Promise<NonNullable<TableWriter[W]>> {
    if (!this.browser.has(table)) throw notFound('Table', table);
    const found = this.writers.get(table)?.[write];
    if (found) return found;
    const reason = this.writers.writes(table).reason ?? 'This table does not take that write here.';
    const err = readOnly(`You cannot ${VERB[write]} ${table} here. ${reason}`);
    await this.audit.refused(ctx, { action: ACTION[write], table, rowId, before: null }, `read_only: ${reason}`);
    throw err;
  }
}

/** The values through a writer's schema; every problem named `values.<column>` (an unknown column too). */
export function readValues(schema: ValuesSchema, values: Record<string, unknown>): Record<string, unknown> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  // Unknown columns first (zod reports them last), as the other 400s name unknown fields.
  const unknown: FieldProblem[] = [];
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        unknown.push({ field: ['values', ...issue.path, key].join('.'), reason: 'is not a column you may set here' });
      }
      continue;
    }
    problems.push({ field: ['values', ...issue.path.map(String)].join('.'), reason: issue.message });
  }
  throw new InvalidRequestException([...unknown, ...problems]);
}
