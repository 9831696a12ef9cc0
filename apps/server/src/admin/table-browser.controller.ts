import {
  adminApi,
  type OperationParams,
  type OperationQuery,
  type TableRows,
  type TablesResponse,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { TableBrowser } from './table-browser';

@Controller()
export class TableBrowserController {
  constructor(@Inject(TableBrowser) private readonly browser: TableBrowser) {}

  @Endpoint(adminApi.tables)
  async tables(): Promise<TablesResponse> {
    return { items: await this.browser.tables() };
  }

  @Endpoint(adminApi.tableRows)
  rows(
    @Parsed('params') { table }: OperationParams<typeof adminApi.tableRows>,
    @Parsed('query') { limit, offset }: OperationQuery<typeof adminApi.tableRows>,
  ): Promise<TableRows> {
    return this.browser.rows(table, limit, offset);
  }
}
