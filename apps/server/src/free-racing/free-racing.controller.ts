import {
  type FreeBoard,
  type FreeLeaderBoard,
  type FreePick,
  freeRacingApi,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { Endpoint, Parsed } from '../common/endpoint';
import { FreeRacingJobs } from './free-racing.jobs';
import { FreeRacingService } from './free-racing.service';

/** Free races (spec §1, §4, §9): the boards, Start Race, free picks and the points leader board. */
@Controller()
export class FreeRacingController {
  constructor(
    @Inject(FreeRacingService) private readonly free: FreeRacingService,
    @Inject(FreeRacingJobs) private readonly jobs: FreeRacingJobs,
  ) {}

  @Endpoint(freeRacingApi.boards)
  boards(): Promise<{ items: FreeBoard[] }> {
    return this.free.boards();
  }

  @Endpoint(freeRacingApi.board)
  board(@Parsed('params') p: OperationParams<typeof freeRacingApi.board>): Promise<FreeBoard> {
    return this.free.board(p.id);
  }

  @Endpoint(freeRacingApi.start)
  async start(@Parsed('params') p: OperationParams<typeof freeRacingApi.start>): Promise<FreeBoard> {
    const outcome = await this.free.start(p.id);
    if (outcome.started) await this.jobs.announceStart(outcome.board, outcome.race);
    return outcome.board;
  }

  @Endpoint(freeRacingApi.pick)
  pick(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') p: OperationParams<typeof freeRacingApi.pick>,
    @Parsed('body') body: OperationBody<typeof freeRacingApi.pick>,
  ): Promise<FreePick> {
    return this.free.pick(user, p.id, body.post);
  }

  @Endpoint(freeRacingApi.myPicks)
  myPicks(@CurrentUser() user: AuthenticatedUser): Promise<{ items: FreePick[] }> {
    return this.free.myPicks(user);
  }

  @Endpoint(freeRacingApi.leaderBoard)
  leaderBoard(@Parsed('query') q: OperationQuery<typeof freeRacingApi.leaderBoard>): Promise<FreeLeaderBoard> {
    return this.free.leaderBoard(q.period);
  }
}
