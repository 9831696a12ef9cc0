import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { DatabaseConnection } from '../database/database-connection';
import { RedisHealth } from '../redis/redis.module';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DatabaseConnection) private readonly database: DatabaseConnection,
    @Inject(RedisHealth) private readonly redis: RedisHealth,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Whether the server and its database and Redis are up' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['ok', 'degraded'] },
        database: { type: 'string', enum: ['up', 'down'] },
        redis: { type: 'string', enum: ['up', 'down', 'disabled'] },
      },
    },
  })
  async health(@Res({ passthrough: true }) res: Response) {
    const [database, redis] = await Promise.all([this.database.ping(), this.redis.status()]);
    // A load balancer takes an instance without its database out of rotation.
    if (!database) res.status(503);
    return { status: database && redis !== 'down' ? 'ok' : 'degraded', database: database ? 'up' : 'down', redis };
  }
}
