import {
  type BulkCustomValuesResponse,
  type CustomField,
  type CustomFieldsResponse,
  type CustomFieldValuesPage,
  customFieldsApi,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type RecordCustomFields,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint, Parsed } from '../common/endpoint';
import { CustomFields } from './custom-fields.service';

@Controller()
export class CustomFieldsController {
  constructor(@Inject(CustomFields) private readonly customFields: CustomFields) {}

  @Endpoint(customFieldsApi.addField)
  add(
    @Audited() ctx: AuditContext,
    @Parsed('params') { table }: OperationParams<typeof customFieldsApi.addField>,
    @Parsed('body') body: OperationBody<typeof customFieldsApi.addField>,
  ): Promise<CustomField> {
    return this.customFields.add(ctx, table, body);
  }

  @Endpoint(customFieldsApi.listFields)
  async list(
    @Parsed('query') { table }: OperationQuery<typeof customFieldsApi.listFields>,
  ): Promise<CustomFieldsResponse> {
    return { items: await this.customFields.list(table) };
  }

  @Endpoint(customFieldsApi.deleteField)
  delete(
    @Audited() ctx: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof customFieldsApi.deleteField>,
  ): Promise<void> {
    return this.customFields.delete(ctx, id);
  }

  @Endpoint(customFieldsApi.recordFields)
  ofRecord(
    @Parsed('params') { table, id }: OperationParams<typeof customFieldsApi.recordFields>,
  ): Promise<RecordCustomFields> {
    return this.customFields.ofRecord(table, id);
  }

  @Endpoint(customFieldsApi.setRecordValues)
  setValues(
    @Audited() ctx: AuditContext,
    @Parsed('params') { table, id }: OperationParams<typeof customFieldsApi.setRecordValues>,
    @Parsed('body') { values }: OperationBody<typeof customFieldsApi.setRecordValues>,
  ): Promise<RecordCustomFields> {
    return this.customFields.setValues(ctx, table, id, values);
  }

  @Endpoint(customFieldsApi.fieldValues)
  values(
    @Parsed('params') { id }: OperationParams<typeof customFieldsApi.fieldValues>,
    @Parsed('query') query: OperationQuery<typeof customFieldsApi.fieldValues>,
  ): Promise<CustomFieldValuesPage> {
    return this.customFields.valuesPage(id, query);
  }

  @Endpoint(customFieldsApi.bulkValues)
  setMany(
    @Audited() ctx: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof customFieldsApi.bulkValues>,
    @Parsed('body') body: OperationBody<typeof customFieldsApi.bulkValues>,
  ): Promise<BulkCustomValuesResponse> {
    return this.customFields.setMany(ctx, id, body);
  }
}
