import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CustomFieldsController } from './custom-fields.controller';
import { CustomFieldsRepository } from './custom-fields.repository';
import { CustomFields } from './custom-fields.service';

/**
 * Custom fields instead of raw columns (issue 21; tables `custom_fields` and `custom_field_values`,
 * its own): an admin's typed fields on horses, jockeys, trainers, owners and tracks, kept as
 * metadata plus values. It asks the catalog whether a record exists; every write is audited.
 */
@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [CustomFieldsController],
  providers: [CustomFields, CustomFieldsRepository],
  exports: [CustomFields],
})
export class CustomFieldsModule {}
