import type { CreateSalesContractBody, SalesContractView } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { UserDirectory } from '../accounts/user-directory';
import { InvalidRequestException, notFound, refusal } from '../common/api-error';
import { Clock } from '../common/clock';
import { contractPdf } from './contract-pdf';
import { type ContractRow, SalesContractRepository } from './sales-contract.repository';

/** Where the sale company's conditions of sale are governed (its sale ground is in Lexington, Kentucky). */
const SALE_STATE = 'KY';
/** A horse bought at auction leaves the sale ground within a week (payment was taken at the hammer). */
const SALE_DELIVERY_DAYS = 7;

/**
 * Sales contracts (spec §3): the form, stored with the maker's typed signature and signed later by
 * the counterparty (each signature time-stamped by the server), and the contract the hammer writes
 * for a lot sold (both sides bound by their consignment and their bid). Either as a PDF.
 */
@Injectable()
export class SalesContracts {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SalesContractRepository) private readonly repository: SalesContractRepository,
    @Inject(UserDirectory) private readonly users: UserDirectory,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The hammer's contract for a lot sold, in the hammer's transaction (one per lot). */
  async writeForLot(
    m: EntityManager,
    sale: {
      lot_id: number;
      horse_name: string;
      price_cents: number;
      seller: { userId: number; name: string } | null;
      sellerName: string;
      buyer: { userId: number; name: string };
      at: Date;
    },
  ): Promise<void> {
    await this.repository.insert(m, {
      contract_date: sale.at.toISOString().slice(0, 10),
      seller_name: sale.sellerName,
      buyer_name: sale.buyer.name,
      horse_name: sale.horse_name,
      purchase_price_cents: sale.price_cents,
      payment_days: 0,
      delivery_days: SALE_DELIVERY_DAYS,
      state: SALE_STATE,
      // The auctioneer signs a house lot's sale; a consignor is bound by the consignment.
      seller_signature: sale.seller ? `${sale.sellerName} (by consignment)` : 'Furlong Sales, auctioneer',
      seller_signed_at: sale.at,
      buyer_signature: `${sale.buyer.name} (by winning bid)`,
      buyer_signed_at: sale.at,
      seller_user_id: sale.seller?.userId ?? null,
      buyer_user_id: sale.buyer.userId,
      lot_id: sale.lot_id,
    });
  }

  async list(user: AuthenticatedUser): Promise<SalesContractView[]> {
    return (await this.repository.of(user.userId)).map((c) => view(c, user.userId));
  }

  async one(user: AuthenticatedUser, id: number): Promise<SalesContractView> {
    return view(await this.mine(user, id), user.userId);
  }

  async pdf(user: AuthenticatedUser, id: number): Promise<Buffer> {
    return contractPdf(await this.one(user, id));
  }

  async create(user: AuthenticatedUser, body: CreateSalesContractBody): Promise<SalesContractView> {
    const found = await this.users.idsOfUsernames([body.counterparty]);
    const other = found.get(body.counterparty);
    if (other === undefined) throw notFound('User', body.counterparty);
    if (other === user.userId) {
      throw new InvalidRequestException([{ field: 'counterparty', reason: 'must be another user, not yourself' }]);
    }
    const names = await this.users.usernames([other]);
    const otherName = names.get(other) ?? body.counterparty;
    const now = this.clock.now();
    const seller = body.your_side === 'seller';
    const id = await this.repository.insert(this.dataSource, {
      contract_date: body.contract_date,
      seller_name: seller ? user.username : otherName,
      buyer_name: seller ? otherName : user.username,
      horse_name: body.horse_name,
      purchase_price_cents: body.purchase_price_cents,
      payment_days: body.payment_days,
      delivery_days: body.delivery_days,
      state: body.state,
      seller_signature: seller ? body.signature : null,
      seller_signed_at: seller ? now : null,
      buyer_signature: seller ? null : body.signature,
      buyer_signed_at: seller ? null : now,
      seller_user_id: seller ? user.userId : other,
      buyer_user_id: seller ? other : user.userId,
      lot_id: null,
    });
    return this.one(user, id);
  }

  async sign(user: AuthenticatedUser, id: number, signature: string): Promise<SalesContractView> {
    await this.dataSource.transaction(async (m) => {
      const c = await this.repository.byId(id, m, true);
      if (!c || (c.seller_user_id !== user.userId && c.buyer_user_id !== user.userId)) throw notFound('Contract', id);
      const side = c.seller_user_id === user.userId ? 'seller' : 'buyer';
      if ((side === 'seller' ? c.seller_signed_at : c.buyer_signed_at) !== null) {
        throw refusal('You have signed this contract already.', 'already_signed');
      }
      await this.repository.sign(m, id, side, signature, this.clock.now());
    });
    return this.one(user, id);
  }

  private async mine(user: AuthenticatedUser, id: number): Promise<ContractRow> {
    const c = await this.repository.byId(id);
    if (!c || (c.seller_user_id !== user.userId && c.buyer_user_id !== user.userId)) throw notFound('Contract', id);
    return c;
  }
}

function view(c: ContractRow, userId: number): SalesContractView {
  const side = c.seller_user_id === userId ? 'seller' : 'buyer';
  const signedAt = side === 'seller' ? c.seller_signed_at : c.buyer_signed_at;
  return {
    id: c.id,
    contract_date: c.contract_date,
    seller_name: c.seller_name,
    buyer_name: c.buyer_name,
    horse_name: c.horse_name,
    purchase_price_cents: c.purchase_price_cents,
    payment_days: c.payment_days,
    delivery_days: c.delivery_days,
    state: c.state,
    seller_signature: c.seller_signature,
    seller_signed_at: c.seller_signed_at?.toISOString() ?? null,
    buyer_signature: c.buyer_signature,
    buyer_signed_at: c.buyer_signed_at?.toISOString() ?? null,
    lot_id: c.lot_id,
    status: c.seller_signed_at && c.buyer_signed_at ? 'signed' : 'awaiting_signature',
    your_side: side,
    you_may_sign: signedAt === null,
    created_at: c.created_at.toISOString(),
  };
}
