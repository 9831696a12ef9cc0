import {
  adminApi,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type SchemaCheck,
  type TableFields,
  type TableRow,
  type TableRows,
  type TablesResponse,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint, Parsed } from '../common/endpoint';
import { SchemaChecker } from './schema-check';
import { TableBrowser } from './table-browser';
import { TableManager } from './table-manager';

@Controller()
export class TableBrowserController {
  constructor(
    @Inject(TableBrowser) private readonly browser: TableBrowser,
    @Inject(TableManager) private readonly manager: TableManager,
    @Inject(SchemaChecker) private readonly schema: SchemaChecker,
  ) {}

  @Endpoint(adminApi.tables)
  async tables(): Promise<TablesResponse> {
    return { items: await this.browser.tables() };
  }

  @Endpoint(adminApi.tableFields)
  fields(@Parsed('params') { table }: OperationParams<typeof adminApi.tableFields>): TableFields {
    return this.browser.fields(table);
  }

  @Endpoint(adminApi.tableRows)
  rows(
    @Parsed('params') { table }: OperationParams<typeof adminApi.tableRows>,
    @Parsed('query') { limit, offset }: OperationQuery<typeof adminApi.tableRows>,
  ): Promise<TableRows> {
    return this.browser.rows(table, limit, offset);
  }

  @Endpoint(adminApi.createTableRow)
  create(
    @Audited() ctx: AuditContext,
    @Parsed('params') { table }: OperationParams<typeof adminApi.createTableRow>,
    @Parsed('body') { values }: OperationBody<typeof adminApi.createTableRow>,
  ): Promise<TableRow> {
    return this.manager.create(ctx, table, values);
  }

  @Endpoint(adminApi.updateTableRow)
  update(
    @Audited() ctx: AuditContext,
    @Parsed('params') { table, id }: OperationParams<typeof adminApi.updateTableRow>,
    @Parsed('body') { values }: OperationBody<typeof adminApi.updateTableRow>,
  ): Promise<TableRow> {
    return this.manager.update(ctx, table, id, values);
  }

  @Endpoint(adminApi.deleteTableRow)
  async delete(
    @Audited() ctx: AuditContext,
    @Parsed('params') { table, id }: OperationParams<typeof adminApi.deleteTableRow>,
  ): Promise<void> {
    await this.manager.delete(ctx, table, id);
  }

  @Endpoint(adminApi.schemaCheck)
  schemaCheck(): Promise<SchemaCheck> {
    return this.schema.check();
  }
}
