import {
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AutoAnalyze } from './auto-analyze';
import { DatabaseConnection } from './database-connection';

@Injectable()
class DatabaseLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Autovacuum's ANALYZE where autovacuum does not run (PGlite; a PostgreSQL with it off). */
  private analyze?: AutoAnalyze;

  constructor(@Inject(DatabaseConnection) private readonly connection: DatabaseConnection) {}

  async onApplicationBootstrap(): Promise<void> {
    const needed = await AutoAnalyze.whereNeeded(this.connection);
    this.analyze = needed?.analyze;
    needed?.analyze.start(needed.intervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.analyze?.stop();
    await this.connection.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DatabaseConnection,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const connection = await DatabaseConnection.open(config);
        await connection.migrateOnStart();
        return connection;
      },
    },
    {
      provide: DataSource,
      inject: [DatabaseConnection],
      useFactory: (connection: DatabaseConnection) => connection.dataSource,
    },
    DatabaseLifecycle,
  ],
  exports: [DatabaseConnection, DataSource],
})
export class DatabaseModule {}
