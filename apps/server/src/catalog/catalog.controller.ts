import { CATALOG_KIND_NAMES, CATALOG_KINDS, type CatalogKindName } from '@furlong/contracts';
import { Controller, Get, Inject, Param, Query, type Type } from '@nestjs/common';
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
import { API_ERROR_SCHEMA, listPageSchema, rowSchema } from '../common/openapi-schemas';
import { CatalogService } from './catalog.service';
import { DEFAULT_LIMIT, MAX_LIMIT } from './list-query';

function pascal(name: string): string {
  return name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
}

/** One controller per kind: GET /api/{kind} (list) and GET /api/{kind}/{id} (one record). */
function createCatalogController(kindName: CatalogKindName): Type<unknown> {
  const kind = CATALOG_KINDS[kindName];
  const columns = Object.keys(kind.columns);

  @ApiTags('catalog')
  @Controller(kindName)
  class KindController {
    constructor(@Inject(CatalogService) private readonly service: CatalogService) {}

    @Get()
    @ApiOperation({
      summary: `List ${kindName}`,
      description: `Any column is an exact filter (?column=value; repeat it for "any of"). Columns: ${columns.join(', ')}.`,
    })
    @ApiQuery({
      name: 'limit',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
    })
    @ApiQuery({ name: 'offset', required: false, schema: { type: 'integer', minimum: 0, default: 0 } })
    @ApiQuery({
      name: 'start',
      required: false,
      description: 'Alias of offset',
      schema: { type: 'integer', minimum: 0 },
    })
    @ApiQuery({ name: 'sort', required: false, schema: { type: 'string', enum: columns, default: kind.defaultSort } })
    @ApiQuery({ name: 'order', required: false, schema: { type: 'string', enum: ['asc', 'desc'], default: 'asc' } })
    @ApiQuery({ name: 'q', required: false, description: `Free text over ${kind.searchColumns.join(', ')}` })
    @ApiQuery({
      name: 'name',
      required: false,
      description: `Exact ${kind.nameColumn}; repeat for several`,
      schema: { type: 'array', items: { type: 'string' } },
      style: 'form',
      explode: true,
    })
    @ApiQuery({ name: 'ids', required: false, description: 'Comma-separated ids, e.g. 1,2,3' })
    @ApiOkResponse({ schema: listPageSchema(kind) })
    @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
    list(@Query() query: Record<string, unknown>) {
      return this.service.list(kindName, query);
    }

    @Get(':id')
    @ApiOperation({ summary: `One ${kind.label.toLowerCase()} by id` })
    @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
    @ApiOkResponse({ schema: rowSchema(kind) })
    @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
    @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
    get(@Param('id') id: string) {
      return this.service.get(kindName, parseId(id));
    }
  }

  Object.defineProperty(KindController, 'name', { value: `${pascal(kindName)}Controller` });
  return KindController;
}

export const CATALOG_CONTROLLERS = CATALOG_KIND_NAMES.map(createCatalogController);

@ApiTags('catalog')
@Controller()
export class CatalogExtrasController {
  constructor(@Inject(CatalogService) private readonly service: CatalogService) {}

  @Get('random-records/:kind/:count')
  @ApiOperation({ summary: 'A random sample of records of one kind (a list)' })
  @ApiParam({ name: 'kind', schema: { type: 'string', enum: [...CATALOG_KIND_NAMES] } })
  @ApiParam({ name: 'count', schema: { type: 'integer', minimum: 1, maximum: 100 } })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'object' } } })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  random(@Param('kind') kind: string, @Param('count') count: string) {
    return this.service.random(kind, count);
  }

  @Get('past_performance/horse_id/:id')
  @ApiOperation({ summary: "A horse's form figures and its most recent starts" })
  @ApiParam({ name: 'id', schema: { type: 'integer', minimum: 1 } })
  @ApiOkResponse({ schema: { type: 'object' } })
  @ApiBadRequestResponse({ schema: API_ERROR_SCHEMA })
  @ApiNotFoundResponse({ schema: API_ERROR_SCHEMA })
  pastPerformance(@Param('id') id: string) {
    return this.service.pastPerformance(parseId(id));
  }
}
