import { Module } from '@nestjs/common';
import { CurrentRaceController } from './current-race.controller';
import { CurrentRaceRepository } from './current-race.repository';
import { CurrentRaceService } from './current-race.service';
import { DayCardRepository } from './day-card.repository';
import { DayCardService } from './day-card.service';
import { TrackCardController } from './track-card.controller';

@Module({
  controllers: [TrackCardController, CurrentRaceController],
  providers: [DayCardRepository, DayCardService, CurrentRaceRepository, CurrentRaceService],
  // The race scheduler makes each day's cards through DayCardService.ensureCard.
  exports: [DayCardService],
})
export class ProgramModule {}
