import type {
  AuctionLot,
  AuctionLotDetail,
  AuctionLotsQuery,
  AuctionSale,
  ConsignBody,
  CreateSaleBody,
  ListResponse,
  LotState,
  MyBids,
  SaleKind,
} from '@furlong/contracts';
import { lotCloseTimes } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { LedgerService } from '../accounts/ledger.service';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { UserDirectory } from '../accounts/user-directory';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { HorseRegistry, type HorseView } from '../catalog/horse-registry';
import { InvalidRequestException, notFound, refusal } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { StableService } from '../stable/stable.service';
import { AuctionRepository, type LotRow, type RecordSaleRow, type SaleRow } from './auction.repository';
import { bidView, HOUSE_CONSIGNOR, lotState, lotView } from './lot-views';
import { escrowOf, type Viewer } from './lot-writer.service';

const HISTORY_SHOWN = 50;

/** A lot about to be catalogued: the horse and its terms. */
interface NewLot {
  horse_id: number;
  starting_bid_cents: number;
  reserve_cents: number | null;
  seller_user_id: number | null;
  description?: string;
  image?: string | null;
}

/**
 * The auction's catalogue: sales (the house's own, admins' public and private ones), their lots,
 * consignments from users' stables, and what each viewer may see (private sales: invited users and
 * admins). Bids and the hammer are LotWriter's.
 */
@Injectable()
export class AuctionService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuctionRepository) private readonly repository: AuctionRepository,
    @Inject(HorseRegistry) private readonly registry: HorseRegistry,
    @Inject(StableService) private readonly stable: StableService,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(UserDirectory) private readonly users: UserDirectory,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  /** For the news: the latest lots sold at a record price in a public sale (see AuctionRepository.recordSales). */
  recordSales(limit: number): Promise<RecordSaleRow[]> {
    return this.repository.recordSales(limit);
  }

  viewerOf(user: AuthenticatedUser | undefined): Viewer {
    return { userId: user?.userId ?? null, all: user?.role === 'admin' };
  }

  // --- reading ------------------------------------------------------------------------------------

  async sales(
    viewer: Viewer,
    filter: { kind?: SaleKind; status?: 'upcoming' | 'live' | 'closed'; limit: number; offset: number },
  ): Promise<ListResponse<AuctionSale>> {
    const now = this.clock.now();
    const { items, total } = await this.repository.sales(viewer, filter, now);
    return { items: items.map((s) => saleView(s, now)), total, limit: filter.limit, offset: filter.offset };
  }

  async lots(viewer: Viewer, q: AuctionLotsQuery): Promise<ListResponse<AuctionLot>> {
    const { items, total } = await this.repository.lots(viewer, q);
    return { items: await this.views(items), total, limit: q.limit, offset: q.offset };
  }

  async lot(viewer: Viewer, id: number): Promise<AuctionLotDetail> {
    const lot = await this.visibleLot(viewer, id);
    const [[view], history, records] = await Promise.all([
      this.views([lot]),
      this.repository.history(id, HISTORY_SHOWN),
      lot.horse_id === null ? Promise.resolve(new Map()) : this.registry.records([lot.horse_id]),
    ]);
    const record = lot.horse_id === null ? undefined : records.get(lot.horse_id);
    return {
      ...(view as AuctionLot),
      record: record
        ? {
            starts: record.starts,
            wins: record.wins,
            places: record.places,
            shows: record.shows,
            earnings_cents: record.earnings_cents,
          }
        : null,
      history: history.map(bidView),
      commission_bps: this.config.auction.commissionBps,
      soft_close_seconds: Math.round(this.config.auction.softCloseMs / 1000),
    };
  }

  async currentBid(viewer: Viewer, id: number): Promise<LotState> {
    return lotState(await this.visibleLot(viewer, id), this.clock.now());
  }

  /** The lot's state for a room join (undefined: no such lot, or not one this socket's user may see). */
  async stateForRoom(viewer: Viewer, id: number): Promise<LotState | undefined> {
    const lot = await this.repository.lot(id);
    if (!lot || lot.sale_id === null || !(await this.repository.visible(lot, viewer))) return undefined;
    return lotState(lot, this.clock.now());
  }

  async visibleLot(viewer: Viewer, id: number): Promise<LotRow> {
    const lot = await this.repository.lot(id);
    if (!lot || lot.sale_id === null || !(await this.repository.visible(lot, viewer))) throw notFound('Lot', id);
    return lot;
  }

  async myBids(user: AuthenticatedUser): Promise<MyBids> {
    const maxima = await this.repository.maximaOf(user.userId);
    const lots = await this.repository.lotsById(maxima.map((m) => m.lot_id));
    const byId = new Map(lots.map((l) => [l.id, l]));
    const views = new Map((await this.views(lots)).map((v) => [v.id, v]));
    let held = 0;
    const items = maxima.flatMap(({ lot_id, max_cents }) => {
      const lot = byId.get(lot_id);
      const view = views.get(lot_id);
      if (!lot || !view) return [];
      const leading = lot.leader_user_id === user.userId;
      const holding = lot.status === 'open' && leading ? (lot.leader_max_cents ?? 0) : 0;
      held += holding;
      return [
        {
          lot: view,
          max_cents,
          leading,
          held_cents: holding,
          won: lot.status === 'sold' && lot.buyer_user_id === user.userId,
        },
      ];
    });
    // Live lots first (soonest to close), then the closed ones, newest first.
    items.sort((a, b) => {
      const open = (x: typeof a) => (x.lot.state.status === 'open' || x.lot.state.status === 'upcoming' ? 0 : 1);
      return (
        open(a) - open(b) ||
        (open(a) === 0 ? a.lot.state.closes_at.localeCompare(b.lot.state.closes_at) : b.lot.id - a.lot.id)
      );
    });
    return { items, held_cents: held, balance_cents: await this.ledger.balanceOfUser(user.userId) };
  }

  private async views(lots: readonly LotRow[]): Promise<AuctionLot[]> {
    const now = this.clock.now();
    const horseIds = lots.flatMap((l) => (l.horse_id === null ? [] : [l.horse_id]));
    const sellerIds = lots.flatMap((l) => (l.seller_user_id === null ? [] : [l.seller_user_id]));
    const [horses, sellers] = await Promise.all([this.registry.views(horseIds), this.users.usernames(sellerIds)]);
    return lots.map((l) => {
      const horse = l.horse_id === null ? undefined : horses.get(l.horse_id);
      const consignor = l.seller_user_id === null ? HOUSE_CONSIGNOR : (sellers.get(l.seller_user_id) ?? 'a user');
      return lotView(l, now, horse, consignor);
    });
  }

  // --- cataloguing --------------------------------------------------------------------------------

  /**
   * Consigns a horse of the user's stable to the public sale taking consignments (a new one when
   * none is open): the last lot, closing one spacing after the sale's last. 409 while the horse is
   * entered in a race, already in a sale, or within the resale lock after it was bought.
   */
  async consign(user: AuthenticatedUser, body: ConsignBody): Promise<{ lot: AuctionLot; closesAtMs: number }> {
    const { auction } = this.config;
    const lotId = await this.dataSource.transaction(async (m) => {
      await this.stable.lockForSale(m, user.userId, body.horse_id);
      if ((await this.repository.horsesInSales(m, [body.horse_id])).length > 0) {
        throw refusal('The horse is in a sale already.', 'in_sale');
      }
      const now = this.clock.now();
      const bought = await this.repository.lastBought(m, body.horse_id);
      if (bought && now.getTime() - bought.getTime() < auction.resaleLockMs) {
        const until = new Date(bought.getTime() + auction.resaleLockMs);
        throw refusal(`A horse bought at auction cannot be sold again until ${until.toISOString()}.`, 'resale_lock');
      }
      let sale = await this.repository.consignableSale(m, now);
      if (!sale) {
        const id = await this.makeSale(m, {
          name: `Furlong Sales — ${dayName(now)} consignment sale`,
          kind: 'public',
          description: 'Horses consigned by Furlong owners from their stables.',
          opens_at: now,
          first_close_at: new Date(now.getTime() + auction.houseSaleOpenMs),
          house: true,
        });
        sale = (await this.repository.sale(id, m)) as SaleRow;
      }
      const next = await this.repository.nextLotNo(m, sale.id);
      const closesAt = new Date(
        Math.max(
          next.last_close ? next.last_close.getTime() + auction.lotSpacingMs : sale.first_close_at.getTime(),
          now.getTime() + auction.softCloseMs,
        ),
      );
      const [id] = await this.catalogue(
        m,
        sale.id,
        next.lot_no,
        [
          {
            horse_id: body.horse_id,
            starting_bid_cents: body.starting_bid_cents,
            reserve_cents: body.reserve_cents,
            seller_user_id: user.userId,
            description: body.description,
          },
        ],
        [closesAt],
      );
      return id as number;
    });
    const [lot] = await this.views((await this.repository.lotsById([lotId])) as LotRow[]);
    const view = lot as AuctionLot;
    return { lot: view, closesAtMs: Date.parse(view.state.closes_at) };
  }

  /** An admin's sale of house horses (public, or private to the invited users). */
  async createSale(
    admin: AuthenticatedUser,
    body: CreateSaleBody,
    ctx: AuditContext,
  ): Promise<{ sale: AuctionSale; closes: Map<number, number> }> {
    const change = { action: 'auction.sale.create', table: 'auction_sales', rowId: 'new', before: null };
    return this.audit.refusalsOf(ctx, change, () => this.makeAdminSale(admin, body, ctx, change));
  }

  private async makeAdminSale(
    admin: AuthenticatedUser,
    body: CreateSaleBody,
    ctx: AuditContext,
    change: { action: string; table: string; before: null },
  ): Promise<{ sale: AuctionSale; closes: Map<number, number> }> {
    const now = this.clock.now();
    const opensAt = body.opens_at ? new Date(body.opens_at) : now;
    const firstClose = new Date(body.first_close_at);
    if (firstClose.getTime() <= now.getTime()) {
      throw new InvalidRequestException([{ field: 'first_close_at', reason: 'must be in the future' }]);
    }
    if (firstClose.getTime() <= opensAt.getTime()) {
      throw new InvalidRequestException([{ field: 'first_close_at', reason: 'must be after opens_at' }]);
    }
    const horseIds = body.lots.map((l) => l.horse_id);
    if (new Set(horseIds).size !== horseIds.length) {
      throw new InvalidRequestException([{ field: 'lots', reason: 'a horse may be in a sale once' }]);
    }
    body.lots.forEach((l, i) => {
      if (l.reserve_cents !== null && l.reserve_cents < l.starting_bid_cents) {
        throw new InvalidRequestException([
          { field: `lots.${i}.reserve_cents`, reason: 'must be at least the starting bid' },
        ]);
      }
    });
    const invited = await this.users.idsOfUsernames(body.invite);
    const unknown = body.invite.filter((n) => !invited.has(n));
    if (unknown.length > 0) throw notFound('User', unknown.join(', '));

    const closes = new Map<number, number>();
    const saleId = await this.dataSource.transaction(async (m) => {
      const house = await this.registry.lockHouseHorses(m, horseIds);
      const missing = horseIds.filter((id) => !house.has(id));
      if (missing.length > 0) {
        const known = await this.registry.views(missing, m);
        const absent = missing.filter((id) => !known.has(id));
        if (absent.length > 0) throw notFound('Horse', absent.join(', '));
        throw refusal(
          `Horses ${missing.join(', ')} belong to users' stables: they are consigned by their owners.`,
          'not_house',
        );
      }
      if ((await this.repository.horsesInSales(m, horseIds)).length > 0) {
        throw refusal('A horse of this sale is in another sale already.', 'in_sale');
      }
      const id = await this.makeSale(
        m,
        {
          name: body.name,
          kind: body.kind,
          description: body.description,
          opens_at: opensAt,
          first_close_at: firstClose,
          house: false,
        },
        admin.userId,
      );
      await this.repository.invite(m, id, [...invited.values()]);
      const times = lotCloseTimes(firstClose.getTime(), body.lots.length, this.config.auction.lotSpacingMs).map(
        (t) => new Date(t),
      );
      const lotIds = await this.catalogue(
        m,
        id,
        1,
        body.lots.map((l) => ({ ...l, seller_user_id: null })),
        times,
      );
      for (const [i, lotId] of lotIds.entries()) closes.set(lotId, (times[i] as Date).getTime());
      await this.audit.record(m, ctx, {
        ...change,
        rowId: id,
        after: {
          name: body.name,
          kind: body.kind,
          opens_at: opensAt.toISOString(),
          first_close_at: firstClose.toISOString(),
          lots: body.lots,
          invite: body.invite,
        },
      });
      return id;
    });
    return { sale: saleView((await this.repository.sale(saleId)) as SaleRow, now), closes };
  }

  /**
   * The house's own sale, when none is running: the seed's catalogued lots first, then house
   * horses at random, opening at once, lot 1 closing after the configured time. Returns the lots'
   * closes (empty when one was running, or no horse was left to sell).
   */
  async makeHouseSale(): Promise<Map<number, number>> {
    const { auction } = this.config;
    const closes = new Map<number, number>();
    if (await this.repository.houseSaleRunning()) return closes;
    await this.dataSource.transaction(async (m) => {
      await m.query("SELECT pg_advisory_xact_lock(hashtextextended('auction:house-sale', 0))");
      // Every read in here goes through the transaction's connection: the embedded PGlite has only one.
      if (await this.repository.houseSaleRunning(m)) return;
      const now = this.clock.now();
      const catalogued = await this.repository.catalogued(m, auction.houseSaleLots);
      const taken = await this.repository.horsesInSales(m);
      const fresh = await this.registry.houseHorseIds(auction.houseSaleLots - catalogued.length, taken, m);
      if (catalogued.length + fresh.length === 0) return;
      const saleId = await this.makeSale(m, {
        name: `Furlong Sales — ${dayName(now)} digital sale`,
        kind: 'public',
        description: 'The house sale: horses from the Furlong string, a lot closing every two minutes.',
        opens_at: now,
        first_close_at: new Date(now.getTime() + auction.houseSaleOpenMs),
        house: true,
      });
      const times = lotCloseTimes(
        now.getTime() + auction.houseSaleOpenMs,
        catalogued.length + fresh.length,
        auction.lotSpacingMs,
      ).map((t) => new Date(t));
      for (const [i, lot] of catalogued.entries()) {
        await this.repository.placeInSale(m, lot.id, saleId, i + 1, times[i] as Date);
        await this.ledger.openSystemAccount(m, escrowOf(lot.id).system);
        closes.set(lot.id, (times[i] as Date).getTime());
      }
      const records = await this.registry.records(fresh, m);
      const lots = fresh.map((horseId, i) => {
        const earned = records.get(horseId)?.earnings_cents ?? 0;
        // Opening bids follow form: 40 % of earnings to the $500, never under $5,000; every third lot has a reserve.
        const start = Math.max(500_000, Math.round((earned * 0.4) / 50_000) * 50_000);
        return {
          horse_id: horseId,
          starting_bid_cents: start,
          reserve_cents: i % 3 === 2 ? start * 2 : null,
          seller_user_id: null,
        };
      });
      const ids = await this.catalogue(m, saleId, catalogued.length + 1, lots, times.slice(catalogued.length));
      for (const [i, id] of ids.entries()) closes.set(id, (times[catalogued.length + i] as Date).getTime());
    });
    return closes;
  }

  private async makeSale(
    m: EntityManager,
    sale: { name: string; kind: SaleKind; description: string; opens_at: Date; first_close_at: Date; house: boolean },
    createdBy: number | null = null,
  ): Promise<number> {
    return this.repository.insertSale(m, sale, createdBy);
  }

  /** Lots for the horses, numbered from `firstNo`, closing at `closes`; each with its escrow account. */
  private async catalogue(
    m: EntityManager,
    saleId: number,
    firstNo: number,
    lots: readonly NewLot[],
    closes: readonly Date[],
  ): Promise<number[]> {
    const horses = await this.registry.views(
      lots.map((l) => l.horse_id),
      m,
    );
    const ids: number[] = [];
    for (const [i, lot] of lots.entries()) {
      const horse = horses.get(lot.horse_id);
      if (!horse) throw notFound('Horse', lot.horse_id);
      const age = ageOn(horse.dob, this.clock.now());
      const id = await this.repository.insertLot(m, {
        horse_id: lot.horse_id,
        name: horse.horse_name,
        breed: horse.breed_name,
        age,
        image: lot.image ?? null,
        description: lot.description?.trim() ? lot.description.trim() : describe(horse, age),
        starting_bid_cents: lot.starting_bid_cents,
        reserve_cents: lot.reserve_cents,
        sale_id: saleId,
        lot_no: firstNo + i,
        seller_user_id: lot.seller_user_id,
        closes_at: closes[i] as Date,
      });
      await this.ledger.openSystemAccount(m, escrowOf(id).system);
      ids.push(id);
    }
    return ids;
  }
}

function saleView(s: SaleRow, now: Date): AuctionSale {
  const status = s.opens_at.getTime() > now.getTime() ? 'upcoming' : s.lots_open > 0 ? 'live' : 'closed';
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    sale_date: s.first_close_at.toISOString().slice(0, 10),
    description: s.description,
    opens_at: s.opens_at.toISOString(),
    first_close_at: s.first_close_at.toISOString(),
    last_close_at: s.last_close_at?.toISOString() ?? null,
    status,
    lots: s.lots,
    lots_sold: s.lots_sold,
    gross_cents: s.gross_cents,
  };
}

function ageOn(dob: string, now: Date): number {
  const born = new Date(`${dob}T00:00:00Z`);
  let age = now.getUTCFullYear() - born.getUTCFullYear();
  if (
    now.getUTCMonth() < born.getUTCMonth() ||
    (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate())
  )
    age--;
  return Math.max(0, age);
}

function describe(h: HorseView, age: number): string {
  const kind = h.gender === 'male' ? (age <= 4 ? 'colt' : 'horse') : age <= 4 ? 'filly' : 'mare';
  return `${age}-year-old ${h.color ? `${h.color} ` : ''}${kind} by ${h.sire} out of ${h.dam}, bred by ${h.breeder}.`;
}

const dayName = (d: Date) =>
  d.toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });
