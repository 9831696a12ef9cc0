import { type DynamicModule, Module } from '@nestjs/common';
import { AccountsModule } from './accounts/accounts.module';
import { AdminModule } from './admin/admin.module';
import { AuctionModule } from './auction/auction.module';
import { CatalogModule } from './catalog/catalog.module';
import { Clock, SystemClock } from './common/clock';
import { RacingClock } from './common/racing-clock';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ContentModule } from './content/content.module';
import { CustomFieldsModule } from './custom-fields/custom-fields.module';
import { DatabaseModule } from './database/database.module';
import { SeedModule } from './database/seed/seed.module';
import { EarningsModule } from './earnings/earnings.module';
import { FairOddsModule } from './fair-odds/fair-odds.module';
import { FreeRacingModule } from './free-racing/free-racing.module';
import { HandicappingModule } from './handicapping/handicapping.module';
import { Draining } from './health/draining';
import { HealthController } from './health/health.controller';
import { JobsModule } from './jobs/jobs.module';
import { MetricsModule } from './metrics/metrics.module';
import { OpsModule } from './ops/ops.module';
import { ProgramModule } from './program/program.module';
import { RacingModule } from './racing/racing.module';
import { RealtimeModule } from './realtime/realtime.module';
import { RedisModule } from './redis/redis.module';
import { StableModule } from './stable/stable.module';
import { StatsModule } from './stats/stats.module';
import { WageringModule } from './wagering/wagering.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: { clock?: Clock } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClockModule.forRoot(options.clock ?? new SystemClock()),
        MetricsModule,
        DatabaseModule,
        RedisModule,
        JobsModule,
        SeedModule,
        // First of the feature modules: Express matches a request against the routes in the order they
        // were registered, one pattern at a time, and POST /api/bets is the hottest write (about 5 % of
        // a bet's server CPU went into matching the routes registered before it). No two routes overlap,
        // so the order changes nothing else (the API contract test binds every operation).
        WageringModule,
        CatalogModule,
        ProgramModule,
        RealtimeModule,
        RacingModule,
        StatsModule,
        EarningsModule,
        HandicappingModule,
        AccountsModule,
        FairOddsModule,
        StableModule,
        AuctionModule,
        FreeRacingModule,
        ContentModule,
        OpsModule,
        AdminModule,
        CustomFieldsModule,
      ],
      controllers: [HealthController],
      providers: [Draining],
    };
  }
}

// The wall clock for everything, and the racing clock (the wall clock scaled) for everything racing.
@Module({})
class ClockModule {
  static forRoot(clock: Clock): DynamicModule {
    return {
      module: ClockModule,
      global: true,
      providers: [
        { provide: Clock, useValue: clock },
        {
          provide: RacingClock,
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => new RacingClock(clock, config.racing.timeScale),
        },
      ],
      exports: [Clock, RacingClock],
    };
  }
}
