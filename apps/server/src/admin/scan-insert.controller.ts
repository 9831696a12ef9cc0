import { adminApi, type LastScan, type ScanReport } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint } from '../common/endpoint';
import { ScanInsert } from './scan-insert';

@Controller()
export class ScanInsertController {
  constructor(@Inject(ScanInsert) private readonly scan: ScanInsert) {}

  @Endpoint(adminApi.runScanInsert)
  run(@Audited() ctx: AuditContext): Promise<ScanReport> {
    return this.scan.run(ctx);
  }

  @Endpoint(adminApi.lastScanInsert)
  async last(): Promise<LastScan> {
    return { report: await this.scan.last() };
  }
}
