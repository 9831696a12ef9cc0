import {
  type AuctionLot,
  type AuctionLotDetail,
  type AuctionSale,
  auctionApi,
  type IdempotencyHeaders,
  type ListResponse,
  type LotState,
  type MyBids,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type PlaceBidResponse,
  type SalesContractView,
} from '@furlong/contracts';
import { Controller, Inject, Req, Res, StreamableFile } from '@nestjs/common';
import { CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { SessionViewer } from '../accounts/session-viewer';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint, Parsed } from '../common/endpoint';
import type { HttpReply, HttpRequest } from '../common/http';
import { AuctionJobs } from './auction.jobs';
import { AuctionRepository } from './auction.repository';
import { AuctionService } from './auction.service';
import { LotWriter } from './lot-writer.service';
import { SalesContracts } from './sales-contracts.service';

/** The horse auction (spec §2.3): sales, lots, bids, consignments and sales contracts. */
@Controller()
export class AuctionController {
  constructor(
    @Inject(AuctionService) private readonly auction: AuctionService,
    @Inject(LotWriter) private readonly writer: LotWriter,
    @Inject(AuctionJobs) private readonly jobs: AuctionJobs,
    @Inject(AuctionRepository) private readonly repository: AuctionRepository,
    @Inject(SalesContracts) private readonly contracts: SalesContracts,
    @Inject(SessionViewer) private readonly viewers: SessionViewer,
  ) {}

  @Endpoint(auctionApi.sales)
  async sales(
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
    @Parsed('query') q: OperationQuery<typeof auctionApi.sales>,
  ): Promise<ListResponse<AuctionSale>> {
    return this.auction.sales(this.auction.viewerOf(await this.viewers.of(req, res)), q);
  }

  @Endpoint(auctionApi.lots)
  async lots(
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
    @Parsed('query') q: OperationQuery<typeof auctionApi.lots>,
  ): Promise<ListResponse<AuctionLot>> {
    return this.auction.lots(this.auction.viewerOf(await this.viewers.of(req, res)), q);
  }

  @Endpoint(auctionApi.lot)
  async lot(
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
    @Parsed('params') p: OperationParams<typeof auctionApi.lot>,
  ): Promise<AuctionLotDetail> {
    return this.auction.lot(this.auction.viewerOf(await this.viewers.of(req, res)), p.id);
  }

  @Endpoint(auctionApi.currentBid)
  async currentBid(
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpReply,
    @Parsed('params') p: OperationParams<typeof auctionApi.currentBid>,
  ): Promise<LotState> {
    return this.auction.currentBid(this.auction.viewerOf(await this.viewers.of(req, res)), p.id);
  }

  @Endpoint(auctionApi.bid)
  async bid(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') p: OperationParams<typeof auctionApi.bid>,
    @Parsed('headers') h: IdempotencyHeaders,
    @Parsed('body') body: OperationBody<typeof auctionApi.bid>,
  ): Promise<PlaceBidResponse> {
    const viewer = this.auction.viewerOf(user);
    // The headers schema refuses a missing or malformed key.
    const { response, change } = await this.writer.bid(user, p.id, body, h['idempotency-key'] as string, (lot, m) =>
      this.repository.visible(lot, viewer, m),
    );
    await this.jobs.announce(change ?? undefined);
    return response;
  }

  @Endpoint(auctionApi.myBids)
  myBids(@CurrentUser() user: AuthenticatedUser): Promise<MyBids> {
    return this.auction.myBids(user);
  }

  @Endpoint(auctionApi.consign)
  async consign(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof auctionApi.consign>,
  ): Promise<AuctionLot> {
    const { lot, closesAtMs } = await this.auction.consign(user, body);
    await this.jobs.scheduleHammer(lot.id, closesAtMs);
    return lot;
  }

  @Endpoint(auctionApi.createSale)
  async createSale(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof auctionApi.createSale>,
    @Audited() ctx: AuditContext,
  ): Promise<AuctionSale> {
    const { sale, closes } = await this.auction.createSale(user, body, ctx);
    await this.jobs.scheduleAll(closes);
    return sale;
  }

  @Endpoint(auctionApi.contracts)
  async contractList(@CurrentUser() user: AuthenticatedUser): Promise<{ items: SalesContractView[] }> {
    return { items: await this.contracts.list(user) };
  }

  @Endpoint(auctionApi.createContract)
  createContract(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof auctionApi.createContract>,
  ): Promise<SalesContractView> {
    return this.contracts.create(user, body);
  }

  @Endpoint(auctionApi.contract)
  contract(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') p: OperationParams<typeof auctionApi.contract>,
  ): Promise<SalesContractView> {
    return this.contracts.one(user, p.id);
  }

  @Endpoint(auctionApi.contractPdf)
  async contractPdf(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') p: OperationParams<typeof auctionApi.contractPdf>,
  ): Promise<StreamableFile> {
    const pdf = await this.contracts.pdf(user, p.id);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `inline; filename="sales-contract-${p.id}.pdf"`,
      length: pdf.length,
    });
  }

  @Endpoint(auctionApi.signContract)
  signContract(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') p: OperationParams<typeof auctionApi.signContract>,
    @Parsed('body') body: OperationBody<typeof auctionApi.signContract>,
  ): Promise<SalesContractView> {
    return this.contracts.sign(user, p.id, body.signature);
  }
}
