import { type BetListResponse, IDEMPOTENCY_HEADER, type PlaceBetsResponse } from '@furlong/contracts';
import { Body, Controller, Get, Headers, Inject, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Authenticated, CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { parseId } from '../common/api-error';
import { API_ERROR_SCHEMA } from '../common/openapi-schemas';
import { BetService } from './bet.service';
import { BET_LIST_SCHEMA, PLACE_BETS_REQUEST_SCHEMA, PLACE_BETS_RESPONSE_SCHEMA } from './wagering.openapi';

@ApiTags('wagering')
@Authenticated()
@Controller()
export class BetsController {
  constructor(@Inject(BetService) private readonly bets: BetService) {}

  @Post('bets')
  @ApiOperation({
    summary: 'Place a slip of bets, all or nothing; a replay of the Idempotency-Key answers the first answer',
  })
  @ApiHeader({ name: IDEMPOTENCY_HEADER, required: true, description: '8-100 characters [A-Za-z0-9_.:-]' })
  @ApiBody({ schema: PLACE_BETS_REQUEST_SCHEMA })
  @ApiCreatedResponse({ schema: PLACE_BETS_RESPONSE_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA, description: 'a bad slip: every bad bets[i].field named' })
  @ApiConflictResponse({ schema: API_ERROR_SCHEMA, description: 'betting closed, or insufficient funds' })
  @ApiUnprocessableEntityResponse({ schema: API_ERROR_SCHEMA, description: 'the key was used for another slip' })
  place(
    @CurrentUser() user: AuthenticatedUser,
    @Headers(IDEMPOTENCY_HEADER.toLowerCase()) key: string | undefined,
    @Body() body: unknown,
  ): Promise<PlaceBetsResponse> {
    return this.bets.place(user, key, body);
  }

  @Get('me/bets')
  @ApiOperation({ summary: 'Your bets (limit, offset, sort=bet_date|total_cents|payout_cents|status, order, status)' })
  @ApiOkResponse({ schema: BET_LIST_SCHEMA })
  mine(@CurrentUser() user: AuthenticatedUser, @Query() query: Record<string, unknown>): Promise<BetListResponse> {
    return this.bets.history(user, user.userId, query);
  }

  @Get('users/:id/bets')
  @ApiOperation({ summary: "A user's bets: your own, or any as an admin (403 otherwise)" })
  @ApiOkResponse({ schema: BET_LIST_SCHEMA })
  @ApiForbiddenResponse({ schema: API_ERROR_SCHEMA })
  ofUser(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<BetListResponse> {
    return this.bets.history(user, parseId(id), query);
  }
}
