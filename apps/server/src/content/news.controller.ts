import { type NewsPage, newsApi, type OperationQuery } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { NewsService } from './news.service';

/** The news (issue 20, §3): /news and the home page's first items. */
@Controller()
export class NewsController {
  constructor(@Inject(NewsService) private readonly news: NewsService) {}

  @Endpoint(newsApi.news)
  page(@Parsed('query') q: OperationQuery<typeof newsApi.news>): Promise<NewsPage> {
    return this.news.page(q);
  }
}
