import { Module } from '@nestjs/common';
import { RacingModule } from '../racing/racing.module';
import { CurrentRaceController } from './current-race.controller';
import { CurrentRaceService } from './current-race.service';
import { DayCardService } from './day-card.service';
import { TrackCardController } from './track-card.controller';

/** The program's API: track cards and current races, read from racing, which owns and makes them. */
@Module({
  imports: [RacingModule],
  controllers: [TrackCardController, CurrentRaceController],
  providers: [DayCardService, CurrentRaceService],
})
export class ProgramModule {}
