import { Module } from '@nestjs/common';

/**
 * Content: news, help pages, stables pages and insurance quote requests. Its tables
 * (insurance_quote_requests; entities/) are its own; its features come in a later issue.
 */
@Module({})
export class ContentModule {}
