import { type Featured, featuredApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint } from '../common/endpoint';
import { FeaturedService } from './featured.service';

@Controller()
export class FeaturedController {
  constructor(@Inject(FeaturedService) private readonly featured: FeaturedService) {}

  @Endpoint(featuredApi.featured)
  current(): Promise<Featured> {
    return this.featured.current();
  }
}
