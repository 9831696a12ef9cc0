import {
  CATALOG_KIND_NAMES,
  type CatalogKindName,
  catalogApi,
  catalogOperations,
  type ListQuery,
} from '@furlong/contracts';
import { Controller, Inject, type Type } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { CatalogService } from './catalog.service';

function pascal(name: string): string {
  return name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
}

/** One controller per kind: GET /api/{kind} (list) and GET /api/{kind}/{id} (one record). */
function createCatalogController(kindName: CatalogKindName): Type<unknown> {
  const operations = catalogOperations(kindName);

  @Controller()
  class KindController {
    constructor(@Inject(CatalogService) private readonly service: CatalogService) {}

    @Endpoint(operations.list)
    list(@Parsed('query') query: ListQuery) {
      return this.service.list(kindName, query);
    }

    @Endpoint(operations.get)
    get(@Parsed('params') params: { id: number }) {
      return this.service.get(kindName, params.id);
    }
  }

  Object.defineProperty(KindController, 'name', { value: `${pascal(kindName)}Controller` });
  return KindController;
}

export const CATALOG_CONTROLLERS = CATALOG_KIND_NAMES.map(createCatalogController);

@Controller()
export class CatalogExtrasController {
  constructor(@Inject(CatalogService) private readonly service: CatalogService) {}

  @Endpoint(catalogApi.random)
  random(@Parsed('params') params: { kind: CatalogKindName; count: number }) {
    return this.service.random(params.kind, params.count);
  }

  @Endpoint(catalogApi.pastPerformance)
  pastPerformance(@Parsed('params') params: { id: number }) {
    return this.service.pastPerformance(params.id);
  }
}
