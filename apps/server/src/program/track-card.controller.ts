import type { TrackCardResponse } from '@furlong/contracts';
import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { parseId } from '../common/api-error';
import { API_ERROR_SCHEMA } from '../common/openapi-schemas';
import { CARD_DAYS_AHEAD, CARD_DAYS_BACK, DayCardService } from './day-card.service';
import { TRACK_CARD_SCHEMA } from './program.openapi';

@ApiTags('program')
@Controller('program')
export class TrackCardController {
  constructor(@Inject(DayCardService) private readonly service: DayCardService) {}

  @Get('tracks/:trackId/card')
  @ApiOperation({
    summary: "A track's card for a day",
    description:
      'The races of the day (made on first request, the same every time): post time = track start + (n − 1) × interval, 6–12 runners each.',
  })
  @ApiParam({ name: 'trackId', schema: { type: 'integer', minimum: 1 } })
  @ApiQuery({
    name: 'date',
    required: false,
    description: `YYYY-MM-DD (UTC), default today; from ${CARD_DAYS_BACK} days back to ${CARD_DAYS_AHEAD} days ahead`,
    schema: { type: 'string', format: 'date' },
  })
  @ApiOkResponse({ schema: TRACK_CARD_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  card(@Param('trackId') trackId: string, @Query() query: Record<string, unknown>): Promise<TrackCardResponse> {
    return this.service.getCard(parseId(trackId, 'trackId'), query);
  }
}
