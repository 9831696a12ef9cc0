import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DatabaseConnection } from './database-connection';

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DatabaseConnection) private readonly connection: DatabaseConnection) {}

  async onApplicationShutdown(): Promise<void> {
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
        const applied = await connection.withStartupLock(() => connection.migrate());
        if (applied.length > 0) new Logger('Database').log(`Applied migrations: ${applied.join(', ')}`);
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
