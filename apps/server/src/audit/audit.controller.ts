import { type AuditPage, adminApi, type OperationQuery } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { AuditLog } from './audit-log';

@Controller()
export class AuditController {
  constructor(@Inject(AuditLog) private readonly audit: AuditLog) {}

  @Endpoint(adminApi.auditLog)
  page(@Parsed('query') query: OperationQuery<typeof adminApi.auditLog>): Promise<AuditPage> {
    return this.audit.page(query);
  }
}
