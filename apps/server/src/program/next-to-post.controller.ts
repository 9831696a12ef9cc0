import { type NextToPostQuery, type NextToPostResponse, programApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { NextToPostService } from './next-to-post.service';

@Controller()
export class NextToPostController {
  constructor(@Inject(NextToPostService) private readonly service: NextToPostService) {}

  @Endpoint(programApi.nextToPost)
  board(@Parsed('query') query: NextToPostQuery): Promise<NextToPostResponse> {
    return this.service.board(query);
  }
}
