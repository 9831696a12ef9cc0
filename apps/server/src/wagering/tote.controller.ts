import type { ToteView } from '@furlong/contracts';
import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { parseId } from '../common/api-error';
import { API_ERROR_SCHEMA } from '../common/openapi-schemas';
import { PoolService } from './pool.service';
import { TOTE_SCHEMA } from './wagering.openapi';

@ApiTags('wagering')
@Controller('current_races')
export class ToteController {
  constructor(@Inject(PoolService) private readonly pools: PoolService) {}

  @Get(':id/tote')
  @ApiOperation({
    summary: "A race's tote board: pool totals, money per horse, win odds beside the morning line, exacta probables",
  })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ schema: TOTE_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  tote(@Param('id') id: string): Promise<ToteView> {
    return this.pools.tote(parseId(id));
  }
}
