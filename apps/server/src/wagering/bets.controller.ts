import {
  type BetHistoryQuery,
  type BetListResponse,
  type IdempotencyHeaders,
  type OperationBody,
  type OperationParams,
  type PlaceBetsResponse,
  wageringApi,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { Endpoint, Parsed } from '../common/endpoint';
import { BetService } from './bet.service';
@Controller()
export class BetsController {
  constructor(@Inject(BetService) private readonly bets: BetService) {}

  @Endpoint(wageringApi.placeBets)
  place(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('headers') headers: IdempotencyHeaders,
    @Parsed('body') slip: OperationBody<typeof wageringApi.placeBets>,
  ): Promise<PlaceBetsResponse> {
    // The headers schema refuses a missing or malformed key.
    return this.bets.place(user, headers['idempotency-key'] as string, slip.bets);
  }

  @Endpoint(wageringApi.myBets)
  mine(@CurrentUser() user: AuthenticatedUser, @Parsed('query') query: BetHistoryQuery): Promise<BetListResponse> {
    return this.bets.history(user, user.userId, query);
  }

  @Endpoint(wageringApi.userBets)
  ofUser(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof wageringApi.userBets>,
    @Parsed('query') query: BetHistoryQuery,
  ): Promise<BetListResponse> {
    return this.bets.history(user, params.id, query);
  }
}
