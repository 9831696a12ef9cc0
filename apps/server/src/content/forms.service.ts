import type { FormReceipt, InsuranceQuoteBody, MessageBody, MessageKind } from '@furlong/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { TooManyAttemptsException } from '../accounts/auth-errors';
import { type FieldProblem, InvalidRequestException } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue.service';
import { FormsRepository } from './forms.repository';
import { type NewOutboxMail, OutboxRepository } from './outbox.repository';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const MESSAGE_TITLES: Record<MessageKind, string> = {
  contact: 'Message',
  program: 'Program submission',
  race: 'Race submission',
  bug: 'Bug report',
  feedback: 'Feedback',
};

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const usd = (dollars: number | null) => (dollars === null ? '—' : `$${dollars.toLocaleString('en-US')}`);

/**
 * The forms that reach someone: an insurance quote request or a message is checked against the
 * server's clock and the sender's hourly limit, then stored with its two mails (to the office, and
 * the confirmation to the sender) in one transaction; the outbox job sends them.
 */
@Injectable()
export class FormsService {
  private readonly logger = new Logger('Forms');

  constructor(
    @Inject(FormsRepository) private readonly forms: FormsRepository,
    @Inject(OutboxRepository) private readonly outbox: OutboxRepository,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendInsuranceQuote(q: InsuranceQuoteBody, ip: string): Promise<FormReceipt> {
    const now = this.clock.now();
    const problems = quoteDateProblems(q, now);
    if (problems.length > 0) throw new InvalidRequestException(problems);
    const id = await this.store(q.email, ip, now, async (m) => {
      const quoteId = await this.forms.insertQuote(m, q, ip, now);
      return {
        id: quoteId,
        mails: [
          {
            to: this.config.mail.to,
            replyTo: q.email,
            subject: `Insurance quote request #${quoteId}: ${q.firstName} ${q.lastName}, ${q.city} ${q.state}`,
            text: quoteText(q),
            purpose: 'office',
            sourceKind: 'insurance_quote',
            sourceId: quoteId,
          },
          {
            to: q.email,
            replyTo: null,
            subject: `We received your insurance quote request #${quoteId}`,
            text:
              `Dear ${q.firstName},\n\nthank you for your manufactured-home insurance quote request (#${quoteId}). ` +
              'We will call or write to you within two working days.\n\nYour request:\n\n' +
              `${quoteText(q)}\n\nFurlong`,
            purpose: 'confirmation',
            sourceKind: 'insurance_quote',
            sourceId: quoteId,
          },
        ],
      };
    });
    return {
      id,
      kind: 'insurance_quote',
      received_at: now.toISOString(),
      message: `Thank you: your quote request #${id} is on its way. A confirmation is coming to ${q.email}.`,
    };
  }

  async sendMessage(msg: MessageBody, ip: string): Promise<FormReceipt> {
    const now = this.clock.now();
    const title = MESSAGE_TITLES[msg.kind];
    const id = await this.store(msg.email, ip, now, async (m) => {
      const messageId = await this.forms.insertMessage(m, msg, ip, now);
      return {
        id: messageId,
        mails: [
          {
            to: this.config.mail.to,
            replyTo: msg.email,
            subject: `${title} #${messageId}: ${msg.subject}`,
            text: `${title} from ${msg.name} <${msg.email}>\n\nSubject: ${msg.subject}\n\n${msg.message}`,
            purpose: 'office',
            sourceKind: msg.kind,
            sourceId: messageId,
          },
          {
            to: msg.email,
            replyTo: null,
            subject: `We received your ${title.toLowerCase()} #${messageId}`,
            text:
              `Dear ${msg.name},\n\nthank you for your ${title.toLowerCase()} (#${messageId}), "${msg.subject}". ` +
              `We read every one.\n\nYou wrote:\n\n${msg.message}\n\nFurlong`,
            purpose: 'confirmation',
            sourceKind: msg.kind,
            sourceId: messageId,
          },
        ],
      };
    });
    return {
      id,
      kind: msg.kind,
      received_at: now.toISOString(),
      message: `Thank you: your ${title.toLowerCase()} #${id} is on its way. A confirmation is coming to ${msg.email}.`,
    };
  }

  /** Stores a form and its mails under the sender's limit, then wakes the outbox. */
  private async store(
    email: string,
    ip: string,
    now: Date,
    write: (m: import('typeorm').EntityManager) => Promise<{ id: number; mails: NewOutboxMail[] }>,
  ): Promise<number> {
    const { maxPerEmailPerHour, maxPerIpPerHour } = this.config.forms;
    const id = await this.forms.inSenderLock(email, ip, async (m) => {
      const recent = await this.forms.recent(m, email, ip, new Date(now.getTime() - HOUR_MS));
      const byEmail = recent.byEmail >= maxPerEmailPerHour;
      if (byEmail || recent.byIp >= maxPerIpPerHour) {
        // The oldest form counted leaves the window first (close enough for Retry-After).
        const freesAt = (recent.oldestAt?.getTime() ?? now.getTime()) + HOUR_MS;
        const what = byEmail
          ? `forms from this e-mail address (at most ${maxPerEmailPerHour} an hour)`
          : `forms from this network address (at most ${maxPerIpPerHour} an hour)`;
        throw new TooManyAttemptsException((freesAt - now.getTime()) / 1000, what);
      }
      const { id: formId, mails } = await write(m);
      await this.outbox.queue(m, mails, now);
      return formId;
    });
    // The repeat schedule sends it anyway; this only saves the wait.
    this.jobs.enqueue('content.outbox', { reason: 'written' }).catch((err: unknown) => {
      this.logger.warn(`outbox not woken: ${err instanceof Error ? err.message : String(err)}`);
    });
    return id;
  }
}

/** The quote's dates and year against the server's day: the spec's form leaves these to us. */
function quoteDateProblems(q: InsuranceQuoteBody, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const today = now.toISOString().slice(0, 10);
  const yearAhead = new Date(now.getTime() + 366 * DAY_MS).toISOString().slice(0, 10);
  if (q.effectiveDate < today) problems.push({ field: 'effectiveDate', reason: 'must not be in the past' });
  else if (q.effectiveDate > yearAhead) problems.push({ field: 'effectiveDate', reason: 'must be within a year' });
  const year = now.getUTCFullYear();
  const adultBy = `${year - 18}${today.slice(4)}`;
  if (q.name1dob > adultBy) problems.push({ field: 'name1dob', reason: 'the insured must be 18 or older' });
  else if (q.name1dob < `${year - 120}${today.slice(4)}`) {
    problems.push({ field: 'name1dob', reason: 'must be a date of birth within the last 120 years' });
  }
  if (q.homeYear > year + 1) problems.push({ field: 'homeYear', reason: `must be ${year + 1} or earlier` });
  return problems;
}

/** Every field of a quote, as the office reads it. */
function quoteText(q: InsuranceQuoteBody): string {
  return [
    `Name: ${q.firstName} ${q.lastName}`,
    `Phone: ${q.phone}`,
    `E-mail: ${q.email}`,
    `Date of birth (first named insured): ${q.name1dob}`,
    '',
    `Property: ${q.street}${q.space ? `, space ${q.space}` : ''}, ${q.city}, ${q.state} ${q.propertyZip}`,
    `In a park: ${yesNo(q.inPark)}; on private land: ${yesNo(q.privateLand)}`,
    `Home built: ${q.homeYear}; size: ${q.length} × ${q.width} ft`,
    `Purchase price: ${usd(q.purchasePrice)}`,
    `Garage attached: ${yesNo(q.garageAttached)}; detached: ${yesNo(q.garageDetached)}; cash value: ${usd(q.garageCashValue)}`,
    '',
    `Owner-occupied: ${yesNo(q.ownerOccupied)}; vacant or spec: ${yesNo(q.vacantOrSpec)}; rental: ${yesNo(q.rental)}`,
    `Seasonal: ${yesNo(q.seasonal)}; course of construction: ${yesNo(q.courseOfConstruction)}`,
    `Cover from: ${q.effectiveDate}`,
    `Earthquake cover: ${yesNo(q.earthquakeCoverage)}; flood cover: ${yesNo(q.floodCoverage)}`,
    `Additional cover: ${q.additionalCoverage ?? '—'}`,
    `Claims: ${q.claims ?? 'none'}`,
  ].join('\n');
}
