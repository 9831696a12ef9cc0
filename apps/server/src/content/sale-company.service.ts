import type { SaleCompany, StoredTransportQuote, TransportQuoteBody } from '@furlong/contracts';
import {
  TRANSPORT_INSURANCE_PER_HORSE_CENTS,
  TRANSPORT_LIMITS,
  TRANSPORT_RATES,
  TRANSPORT_SERVICES,
  transportQuote,
  transportQuoteProblems,
  travelDateProblem,
  travelDateWindowAt,
} from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { type FieldProblem, InvalidRequestException, refusal } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SALE_COMPANY, SALE_FACILITIES, SALE_STAFF } from './sale-company.content';
import { TransportQuoteRepository, type TransportQuoteRow } from './transport-quote.repository';

const DAY_MS = 86_400_000;
/** The most requests a user's list shows. */
const LIST_MAX = 100;

/**
 * The sale company (Furlong Sales): its published content, and members' transport quote requests,
 * each stored with the price the domain's transportQuote gives it. The wall clock decides the
 * travel date's window and the daily limit.
 */
@Injectable()
export class SaleCompanyService {
  private readonly company: SaleCompany = {
    ...SALE_COMPANY,
    facilities: [...SALE_FACILITIES],
    staff: [...SALE_STAFF],
    shipping: {
      options: TRANSPORT_SERVICES.map((s) => ({ ...TRANSPORT_RATES[s] })),
      insurance_per_horse_cents: TRANSPORT_INSURANCE_PER_HORSE_CENTS,
      limits: {
        horses_min: TRANSPORT_LIMITS.horsesMin,
        horses_max: TRANSPORT_LIMITS.horsesMax,
        distance_km_min: TRANSPORT_LIMITS.distanceKmMin,
        distance_km_max: TRANSPORT_LIMITS.distanceKmMax,
        booking_days_max: TRANSPORT_LIMITS.bookingDaysMax,
      },
    },
  };

  constructor(
    @Inject(TransportQuoteRepository) private readonly repository: TransportQuoteRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  saleCompany(): SaleCompany {
    return this.company;
  }

  async requestQuote(user: AuthenticatedUser, body: TransportQuoteBody): Promise<StoredTransportQuote> {
    const now = this.clock.now();
    // The schema checked the numbers already; the domain's own check keeps the rule in one place.
    const problems: FieldProblem[] = transportQuoteProblems(body);
    const dateProblem = travelDateProblem(body.travel_date, travelDateWindowAt(now.getTime()));
    if (dateProblem) problems.push({ field: 'travel_date', reason: dateProblem });
    if (problems.length > 0) throw new InvalidRequestException(problems);
    const quote = transportQuote(body);
    const max = this.config.saleCompany.transportQuotesPerDayMax;
    const row = await this.repository.inUserLock(user.userId, async (m) => {
      if ((await this.repository.countSince(m, user.userId, new Date(now.getTime() - DAY_MS))) >= max) {
        throw refusal(`You can request at most ${max} transport quotes in 24 hours.`, 'transport_quotes_per_day');
      }
      return this.repository.insert(m, {
        user_id: user.userId,
        from_place: body.from_place,
        to_place: body.to_place,
        distance_km: body.distance_km,
        horses: body.horses,
        service: body.service,
        travel_date: body.travel_date,
        attendant: body.attendant,
        insurance: body.insurance,
        horse_name: body.horse_name,
        notes: body.notes,
        quote_cents: quote.total_cents,
        quote_lines: quote.lines,
      });
    });
    return view(row);
  }

  async myQuotes(user: AuthenticatedUser): Promise<{ items: StoredTransportQuote[] }> {
    const rows = await this.repository.ofUser(user.userId, LIST_MAX);
    return { items: rows.map(view) };
  }
}

function view(r: TransportQuoteRow): StoredTransportQuote {
  return {
    id: r.id,
    from_place: r.from_place,
    to_place: r.to_place,
    distance_km: r.distance_km,
    horses: r.horses,
    service: r.service,
    travel_date: r.travel_date,
    attendant: r.attendant,
    insurance: r.insurance,
    horse_name: r.horse_name,
    notes: r.notes,
    quote: { total_cents: r.quote_cents, lines: r.quote_lines },
    created_at: new Date(r.created_at).toISOString(),
  };
}
