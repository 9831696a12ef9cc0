import { type AuditEntry, SCAN_FAILED_MESSAGE, type ScanCheck, type ScanReport } from '@furlong/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountsMaintenance } from '../accounts/accounts-maintenance';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { PastPerformanceRefreshJob } from '../catalog/past-performance-refresh.job';
import { CustomFields } from '../custom-fields/custom-fields.service';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { RacingMaintenance } from '../racing/racing-maintenance';

const ACTION = 'scan.run';
/** A scan waits this long for its job before the request gives up (the job still finishes). */
const SCAN_TIMEOUT_MS = 120_000;

interface Check {
  table: string;
  check: string;
  run(): Promise<Omit<ScanCheck, 'table' | 'check'> & Partial<Pick<ScanCheck, 'table' | 'check'>>>;
}

/**
 * The scan and insert (issue 21, /run-scan-insert): a job that looks for the gaps a racing database
 * accumulates and repairs what can be derived, each through the module that owns the rows (racing:
 * today's cards, races that missed their post; the catalog: horses without past performances;
 * accounts: sessions left active that can no longer be used; custom fields: values orphaned by a
 * deleted record).
 * Its report — per table, found and repaired — is written to the audit log, which is where the
 * last one is read from. Each repair is idempotent, so a second run finds nothing.
 */
@Injectable()
export class ScanInsert {
  private readonly logger = new Logger('ScanInsert');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(RacingMaintenance) private readonly racing: RacingMaintenance,
    @Inject(PastPerformanceRefreshJob) private readonly pastPerformances: PastPerformanceRefreshJob,
    @Inject(AccountsMaintenance) private readonly accounts: AccountsMaintenance,
    @Inject(CustomFields) private readonly customFields: CustomFields,
  ) {}

  /** POST /api/admin/scan-insert: runs the job for this admin and answers the report it wrote. */
  async run(ctx: AuditContext): Promise<ScanReport> {
    await this.jobs.run(
      'admin.scan-insert',
      { actor_user_id: ctx.actorUserId, actor_username: ctx.actorUsername, ip: ctx.ip, request_id: ctx.requestId },
      SCAN_TIMEOUT_MS,
    );
    const entry = await this.audit.latest(ACTION, ctx.requestId);
    if (!entry) throw new Error('the scan ran but wrote no report');
    return reportOf(entry);
  }

  /** GET /api/admin/scan-insert */
  async last(): Promise<ScanReport | null> {
    const entry = await this.audit.latest(ACTION);
    return entry ? reportOf(entry) : null;
  }

  @JobHandler('admin.scan-insert')
  async scan(payload: JobPayloads['admin.scan-insert']): Promise<{ found: number; fixed: number }> {
    const started = Date.now();
    const checks: ScanCheck[] = [];
    let error: string | null = null;
    for (const check of this.checks()) {
      try {
        checks.push({ table: check.table, check: check.check, ...(await check.run()) });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.logger.error(`${check.check}: ${message}`);
        error = SCAN_FAILED_MESSAGE;
        checks.push({ table: check.table, check: check.check, found: 0, fixed: 0, note: `failed: ${message}` });
      }
    }
    const ctx: AuditContext = {
      actorUserId: payload.actor_user_id,
      actorUsername: payload.actor_username,
      ip: payload.ip,
      requestId: payload.request_id,
    };
    await this.audit.record(this.dataSource.manager, ctx, {
      action: ACTION,
      table: 'scan_insert',
      rowId: payload.request_id,
      before: null,
      after: { duration_ms: Date.now() - started, checks, error },
    });
    return {
      found: checks.reduce((sum, c) => sum + c.found, 0),
      fixed: checks.reduce((sum, c) => sum + c.fixed, 0),
    };
  }

  // In this order: today's cards first, so races of a card made late that already missed their post
  // are found by the next check in the same run.
  private checks(): Check[] {
    return [
      { table: 'current_races', check: "tracks without today's card", run: () => this.racing.todaysCards() },
      {
        table: 'current_races',
        check: 'races past their post time that never ran',
        run: () => this.racing.overdueRaces(),
      },
      {
        table: 'past_performances',
        check: 'horses with results but no past performances',
        run: async () => {
          const { found, fixed } = await this.pastPerformances.horsesWithoutPastPerformances();
          return { found, fixed, note: found > 0 ? 'made from all their results' : '' };
        },
      },
      {
        table: 'sessions',
        check: 'sessions left active that can no longer be used',
        run: () => this.accounts.abandonedSessions(),
      },
      {
        table: 'custom_field_values',
        check: 'custom field values of records that are no longer there',
        run: () => this.customFields.orphanedValues(),
      },
    ];
  }
}

function reportOf(entry: AuditEntry): ScanReport {
  const after = (entry.after ?? {}) as { duration_ms?: number; checks?: ScanCheck[]; error?: string | null };
  return {
    audit_id: entry.id,
    ran_at: entry.at,
    ran_by: entry.actor_username,
    duration_ms: after.duration_ms ?? 0,
    checks: after.checks ?? [],
    error: after.error ?? null,
  };
}
