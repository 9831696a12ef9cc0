import { Module } from '@nestjs/common';
import { RacingModule } from '../racing/racing.module';
import { CurrentRaceController } from './current-race.controller';
import { CurrentRaceService } from './current-race.service';
import { DayCardService } from './day-card.service';
import { NextToPostController } from './next-to-post.controller';
import { NextToPostService } from './next-to-post.service';
import { TrackCardController } from './track-card.controller';

/** The program's API: track cards, current races and the next-to-post board, read from racing, which owns and makes them. */
@Module({
  imports: [RacingModule],
  controllers: [TrackCardController, CurrentRaceController, NextToPostController],
  providers: [DayCardService, CurrentRaceService, NextToPostService],
})
export class ProgramModule {}
