import { Global, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseConnection } from '../database/database-connection';
import { Metrics, SilentMetrics } from './metrics';

/** The pg pool behind TypeORM's driver (PGlite's single session is one such pool of size 1). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** Reads the database pool on each scrape. */
@Injectable()
class DatabasePoolMetrics implements OnModuleInit {
  constructor(
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(DatabaseConnection) private readonly connection: DatabaseConnection,
  ) {}

  onModuleInit(): void {
    const pool = () => (this.connection.dataSource.driver as unknown as { master?: PgPool }).master;
    this.metrics.watchPool({
      inUse: () => {
        const p = pool();
        return p ? p.totalCount - p.idleCount : 0;
      },
      idle: () => pool()?.idleCount ?? 0,
      waiting: () => pool()?.waitingCount ?? 0,
    });
  }
}

/**
 * Prometheus metrics: the `Metrics` service every module counts through (global), served at
 * /metrics by bootstrap; with METRICS_ENABLED=false a SilentMetrics that counts nothing.
 */
@Global()
@Module({
  providers: [
    {
      provide: Metrics,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.metrics.enabled ? new Metrics() : new SilentMetrics()),
    },
    DatabasePoolMetrics,
  ],
  exports: [Metrics],
})
export class MetricsModule {}
