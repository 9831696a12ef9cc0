import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuctionModule } from '../auction/auction.module';
import { CatalogModule } from '../catalog/catalog.module';
import { RacingModule } from '../racing/racing.module';
import { StableModule } from '../stable/stable.module';
import { WageringModule } from '../wagering/wagering.module';
import { FormsController } from './forms.controller';
import { FormsRepository } from './forms.repository';
import { FormsService } from './forms.service';
import { InfoController } from './info.controller';
import { InfoService } from './info.service';
import { Mailer } from './mailer';
import { NewsController } from './news.controller';
import { NewsJobs } from './news.jobs';
import { NewsRepository } from './news.repository';
import { NewsService } from './news.service';
import { NewsFeed } from './news-feed';
import { OutboxJobs } from './outbox.jobs';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';
import { SaleCompanyController } from './sale-company.controller';
import { SaleCompanyService } from './sale-company.service';
import { TransportQuoteRepository } from './transport-quote.repository';

/**
 * Content: news, help pages, stables pages, the sale company's pages (facilities, staff, shipping
 * and transport quote requests; issue 19), the information pages with their PDFs, and the forms
 * that reach someone (issue 20: insurance quote requests, contact and submit messages, mailed from
 * an outbox). Its tables (insurance_quote_requests, transport_quote_requests, contact_messages,
 * outbox_mails, news_items; entities/) are its own. The news is written from what the owners tell:
 * wagering's results and payoffs, the catalog's history, the stable's horses, users' names, the
 * auction's record sales, and an RSS/Atom feed when one is configured (issue 20, §3).
 */
@Module({
  imports: [AccountsModule, AuctionModule, CatalogModule, RacingModule, StableModule, WageringModule],
  controllers: [SaleCompanyController, InfoController, FormsController, NewsController],
  providers: [
    TransportQuoteRepository,
    SaleCompanyService,
    InfoService,
    FormsRepository,
    OutboxRepository,
    FormsService,
    OutboxService,
    Mailer,
    OutboxJobs,
    NewsRepository,
    NewsService,
    NewsFeed,
    NewsJobs,
  ],
})
export class ContentModule {}
