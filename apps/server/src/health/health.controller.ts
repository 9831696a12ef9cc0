import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DatabaseConnection } from '../database/database-connection';
import { JobQueue } from '../jobs/job-queue.service';
import { RedisHealth } from '../redis/redis.module';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DatabaseConnection) private readonly database: DatabaseConnection,
    @Inject(RedisHealth) private readonly redis: RedisHealth,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Whether the server and its database and Redis are up, and its repeating jobs still run',
    description:
      '503 only when the database is down. `degraded` (200) when Redis is down or a job scheduler (e.g. ' +
      '`racing.schedule`, `wagering.tote`) has not started its job for two of its intervals; ' +
      '`stale_schedulers` then names them (the field is absent when none is stale).',
  })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok', 'degraded'] },
        database: { type: 'string', enum: ['up', 'down'] },
        redis: { type: 'string', enum: ['up', 'down', 'disabled'] },
        stale_schedulers: { type: 'array', items: { type: 'string' } },
      },
      required: ['status', 'database', 'redis'],
    },
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const [database, redis, schedulers] = await Promise.all([
      this.database.ping(),
      this.redis.status(),
      this.jobs.staleSchedulers(),
    ]);
    // A load balancer takes an instance without its database out of rotation. A stale scheduler is
    // cluster-wide (every instance shares it), so taking this one out would not help: 200, degraded.
    if (!database) res.status(503);
    const ok = database && redis !== 'down' && schedulers.stale.length === 0;
    return {
      status: ok ? 'ok' : 'degraded',
      database: database ? 'up' : 'down',
      redis,
      // Only when something is stale: an ok answer keeps its old shape.
      ...(schedulers.stale.length > 0 ? { stale_schedulers: schedulers.stale } : {}),
    };
  }
}
