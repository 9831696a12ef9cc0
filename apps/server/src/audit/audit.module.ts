import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log';

/**
 * The audit log of administrative writes (issue 21; table `audit_log`, its own). Every module that
 * makes an admin's change records it through AuditLog in its own transaction; admins read it at
 * GET /api/admin/audit.
 */
@Module({ controllers: [AuditController], providers: [AuditLog], exports: [AuditLog] })
export class AuditModule {}
