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
import { DatabaseConnection } from './database-connection';
import { EmbeddedAnalyze } from './embedded-analyze';

@Injectable()
class DatabaseLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  /** On the embedded database only: autovacuum's ANALYZE, which single-user PGlite lacks. */
  private readonly analyze?: EmbeddedAnalyze;

  constructor(@Inject(DatabaseConnection) private readonly connection: DatabaseConnection) {
    if (connection.isEmbedded) this.analyze = new EmbeddedAnalyze(connection.dataSource);
  }

  onApplicationBootstrap(): void {
    this.analyze?.start();
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
