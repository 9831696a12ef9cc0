import { CURRENT_RACE_STATUSES, type CurrentRaceDetail, type CurrentRaceListResponse } from '@furlong/contracts';
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
import { CURRENT_RACES_DEFAULT_LIMIT, CURRENT_RACES_MAX_LIMIT, CurrentRaceService } from './current-race.service';
import { CURRENT_RACE_DETAIL_SCHEMA, CURRENT_RACE_LIST_SCHEMA } from './program.openapi';

@ApiTags('program')
@Controller('current_races')
export class CurrentRaceController {
  constructor(@Inject(CurrentRaceService) private readonly service: CurrentRaceService) {}

  @Get()
  @ApiOperation({ summary: 'List current races, newest post time first' })
  @ApiQuery({ name: 'track_id', required: false, schema: { type: 'integer', minimum: 1 } })
  @ApiQuery({ name: 'date', required: false, schema: { type: 'string', format: 'date' } })
  @ApiQuery({ name: 'status', required: false, schema: { type: 'string', enum: [...CURRENT_RACE_STATUSES] } })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: CURRENT_RACES_MAX_LIMIT, default: CURRENT_RACES_DEFAULT_LIMIT },
  })
  @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
  @ApiOkResponse({ schema: CURRENT_RACE_LIST_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  list(@Query() query: Record<string, unknown>): Promise<CurrentRaceListResponse> {
    return this.service.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One current race with its runners in post-position order' })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ schema: CURRENT_RACE_DETAIL_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  get(@Param('id') id: string): Promise<CurrentRaceDetail> {
    return this.service.get(parseId(id));
  }
}
