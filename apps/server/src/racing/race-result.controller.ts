import type { LiveRaceResult, RaceVerification } from '@furlong/contracts';
import { Controller, Get, Inject, Param } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { parseId } from '../common/api-error';
import { API_ERROR_SCHEMA } from '../common/openapi-schemas';
import { RaceRunner, type RunnerStats } from './race-runner.service';
import { LIVE_RACE_RESULT_SCHEMA, RACE_VERIFICATION_SCHEMA, RUNNER_STATS_SCHEMA } from './racing.openapi';
import { RacingService } from './racing.service';

const ID_PARAM = { name: 'id', schema: { type: 'integer', minimum: 1 } } as const;

@ApiTags('racing')
@Controller()
export class RaceResultController {
  constructor(
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(RaceRunner) private readonly runner: RaceRunner,
  ) {}

  @Get('current_races/:id/result')
  @ApiOperation({ summary: "A finished live race's official result (404 until it has finished)" })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: LIVE_RACE_RESULT_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  result(@Param('id') id: string): Promise<LiveRaceResult> {
    return this.service.resultOfRace(parseId(id));
  }

  @Get('current_races/:id/verify')
  @ApiOperation({
    summary: 'Re-run a finished race from its revealed seed and compare it with the official result',
    description:
      'hash_matches: SHA-256 of the seed equals the hash published before the off; result_matches: the re-run finishes as officially recorded.',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: RACE_VERIFICATION_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  @ApiConflictResponse({ schema: API_ERROR_SCHEMA, description: 'the race has not finished: its seed is still secret' })
  verify(@Param('id') id: string): Promise<RaceVerification> {
    return this.service.verify(parseId(id));
  }

  @Get('race_results/:id')
  @ApiOperation({ summary: 'A live race result by its result id' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ schema: LIVE_RACE_RESULT_SCHEMA })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  resultById(@Param('id') id: string): Promise<LiveRaceResult> {
    return this.service.resultById(parseId(id));
  }

  @Get('racing/runner')
  @ApiOperation({ summary: "This instance's race runner: races held and the lateness of its timer loop" })
  @ApiOkResponse({ schema: RUNNER_STATS_SCHEMA })
  runnerStats(): RunnerStats {
    return this.runner.stats();
  }
}
