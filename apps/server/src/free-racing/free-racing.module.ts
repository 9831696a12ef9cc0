import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CryptoRandomness, Randomness } from '../common/randomness';
import { FreeBoardRepository } from './free-board.repository';
import { FreeRaceStreamer } from './free-race-streamer';
import { FreeRacingController } from './free-racing.controller';
import { FreeRacingGateway } from './free-racing.gateway';
import { FreeRacingJobs } from './free-racing.jobs';
import { FreeRacingService } from './free-racing.service';

/**
 * Free races (issue 20): boards of random catalog horses with changing odds, their races on the
 * racing engine, free picks and points. Its tables (free_boards, free_picks; entities/) are its
 * own; horses and jockeys it asks the catalog for (HorseRegistry), players' names accounts (UserDirectory).
 */
@Module({
  imports: [AccountsModule, CatalogModule],
  controllers: [FreeRacingController],
  providers: [
    FreeBoardRepository,
    FreeRacingService,
    FreeRacingJobs,
    FreeRaceStreamer,
    FreeRacingGateway,
    { provide: Randomness, useClass: CryptoRandomness },
  ],
})
export class FreeRacingModule {}
