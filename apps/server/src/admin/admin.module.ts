import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module';
import { RacingModule } from '../racing/racing.module';
import { ScanInsert } from './scan-insert';
import { ScanInsertController } from './scan-insert.controller';
import { SchemaChecker } from './schema-check';
import { TableBrowser } from './table-browser';
import { TableBrowserController } from './table-browser.controller';
import { TableManager } from './table-manager';
import { TableWriters } from './table-writers';

/**
 * Administration across modules (issue 21): the scan and insert, which asks each owner to find and
 * repair its gaps (racing, the catalog, accounts, custom fields) and keeps its reports in the audit log; the table manager
 * over an allow-list from the entity metadata, whose writes it dispatches to the writers the
 * tables' owners provide; and the compare-columns check of the schema. It owns no table.
 */
@Module({
  imports: [AccountsModule, AuditModule, CatalogModule, CustomFieldsModule, RacingModule],
  controllers: [ScanInsertController, TableBrowserController],
  providers: [ScanInsert, SchemaChecker, TableBrowser, TableManager, TableWriters],
})
export class AdminModule {}
