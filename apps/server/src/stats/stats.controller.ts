import {
  type ConnectionStatsResponse,
  type LeadersResponse,
  STATS_LEADER_KINDS,
  STATS_LEADER_SORTS,
  type StatsOverviewResponse,
  type TrackConditionsResponse,
  type TrackTypesResponse,
} from '@furlong/contracts';
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
import {
  CONNECTION_STATS_SCHEMA,
  LEADERS_SCHEMA,
  OVERVIEW_SCHEMA,
  TRACK_CONDITIONS_SCHEMA,
  TRACK_TYPES_SCHEMA,
} from './stats.openapi';
import {
  LEADERS_DEFAULT_LIMIT,
  LEADERS_MAX_LIMIT,
  RECENT_STARTS,
  StatsService,
  WIN_PCT_DEFAULT_MIN_STARTS,
} from './stats.service';

const CONNECTION_DESCRIPTION = `Record, win and in-the-money rates, earnings, breakdowns by surface, condition, distance and post, a style reading, and the last ${RECENT_STARTS} starts.`;

@ApiTags('stats')
@Controller('stats')
export class StatsController {
  constructor(@Inject(StatsService) private readonly service: StatsService) {}

  @Get('jockeys/:id')
  @ApiOperation({ summary: "A jockey's figures from the race results", description: CONNECTION_DESCRIPTION })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ schema: CONNECTION_STATS_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  jockey(@Param('id') id: string): Promise<ConnectionStatsResponse> {
    return this.service.connection('jockeys', parseId(id));
  }

  @Get('trainers/:id')
  @ApiOperation({ summary: "A trainer's figures from the race results", description: CONNECTION_DESCRIPTION })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ schema: CONNECTION_STATS_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  trainer(@Param('id') id: string): Promise<ConnectionStatsResponse> {
    return this.service.connection('trainers', parseId(id));
  }

  @Get('leaders')
  @ApiOperation({ summary: 'A leader board of jockeys, trainers, horses or owners (highest first)' })
  @ApiQuery({
    name: 'kind',
    required: false,
    schema: { type: 'string', enum: [...STATS_LEADER_KINDS], default: 'jockeys' },
  })
  @ApiQuery({
    name: 'sort',
    required: false,
    schema: { type: 'string', enum: [...STATS_LEADER_SORTS], default: 'wins' },
  })
  @ApiQuery({
    name: 'limit',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: LEADERS_MAX_LIMIT, default: LEADERS_DEFAULT_LIMIT },
  })
  @ApiQuery({
    name: 'min_starts',
    required: false,
    description: `Only those with at least this many starts; default 1 (${WIN_PCT_DEFAULT_MIN_STARTS} when sort=win_pct)`,
    schema: { type: 'integer', minimum: 1 },
  })
  @ApiOkResponse({ schema: LEADERS_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  leaders(@Query() query: Record<string, unknown>): Promise<LeadersResponse> {
    return this.service.leaders(query);
  }

  @Get('overview')
  @ApiOperation({ summary: 'Figures over every race result: size, field sizes, post positions, top five' })
  @ApiOkResponse({ schema: OVERVIEW_SCHEMA })
  overview(): Promise<StatsOverviewResponse> {
    return this.service.overview();
  }

  @Get('track-conditions')
  @ApiOperation({ summary: 'Race figures per track condition, and how many tracks list each condition now' })
  @ApiOkResponse({ schema: TRACK_CONDITIONS_SCHEMA })
  trackConditions(): Promise<TrackConditionsResponse> {
    return this.service.trackConditions();
  }

  @Get('track-types')
  @ApiOperation({ summary: 'Race figures per surface, and how many tracks have each surface' })
  @ApiOkResponse({ schema: TRACK_TYPES_SCHEMA })
  trackTypes(): Promise<TrackTypesResponse> {
    return this.service.trackTypes();
  }
}
