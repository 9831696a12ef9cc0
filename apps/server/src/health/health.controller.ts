import { type HealthResponse, healthApi } from '@furlong/contracts';
import { Controller, Inject, Res } from '@nestjs/common';
import { Endpoint } from '../common/endpoint';
import type { HttpReply } from '../common/http';
import { DatabaseConnection } from '../database/database-connection';
import { JobQueue } from '../jobs/job-queue.service';
import { RedisHealth } from '../redis/redis.module';
import { Draining } from './draining';

@Controller()
export class HealthController {
  constructor(
    @Inject(DatabaseConnection) private readonly database: DatabaseConnection,
    @Inject(RedisHealth) private readonly redis: RedisHealth,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(Draining) private readonly draining: Draining,
  ) {}

  @Endpoint(healthApi.health)
  async health(@Res({ passthrough: true }) res: HttpReply): Promise<HealthResponse> {
    const [database, redis, schedulers] = await Promise.all([
      this.database.ping(),
      this.redis.status(),
      this.jobs.staleSchedulers(),
    ]);
    // A load balancer takes an instance without its database out of rotation. A stale scheduler is
    // cluster-wide (every instance shares it), so taking this one out would not help: 200, degraded.
    // Draining (SIGTERM received): out of rotation while it finishes what it has.
    if (!database || this.draining.active) res.code(503);
    const ok = database && redis !== 'down' && schedulers.stale.length === 0;
    return {
      status: this.draining.active ? 'draining' : ok ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      redis,
      // Only when something is stale: an ok answer keeps its old shape.
      ...(schedulers.stale.length > 0 ? { stale_schedulers: schedulers.stale } : {}),
    };
  }
}
