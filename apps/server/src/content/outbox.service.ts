import type { OutboxPage, OutboxStatus } from '@furlong/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Mailer } from './mailer';
import { OutboxRepository } from './outbox.repository';

/** The most mails one run sends (the next run carries on). */
const RUN_MAX = 50;
const ERROR_MAX = 500;

/** The wait before attempt n + 1 after n failed ones: base × 2^(n−1), at most the cap. */
export function retryDelayMs(failedAttempts: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
}

/**
 * Sends the outbox's due mails through the Mailer. Each mail is sent while its row is locked, and
 * marked in the same transaction, so two runs at once never send one mail twice (a crash between
 * the send and the commit can: then it goes again, at least once rather than lost). A failure is
 * retried with exponential backoff up to MAIL_MAX_ATTEMPTS, then the mail is marked failed.
 */
@Injectable()
export class OutboxService {
  private readonly logger = new Logger('Outbox');

  constructor(
    @Inject(OutboxRepository) private readonly repository: OutboxRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async deliverDue(): Promise<{ sent: number; failed: number; retried: number }> {
    const tally = { sent: 0, failed: 0, retried: 0 };
    const { maxAttempts, retryBaseMs, retryMaxMs } = this.config.mail;
    for (let i = 0; i < RUN_MAX; i++) {
      const found = await this.repository.withNextDue(this.clock.now(), async (m, mail) => {
        try {
          const sent = await this.mailer.send({
            to: mail.to_address,
            replyTo: mail.reply_to,
            subject: mail.subject,
            text: mail.body_text,
          });
          await this.repository.markSent(m, mail.id, this.clock.now(), sent.messageId);
          tally.sent++;
        } catch (err) {
          const at = this.clock.now();
          const attempts = mail.attempts + 1;
          const message = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
          const retryAt =
            attempts >= maxAttempts ? null : new Date(at.getTime() + retryDelayMs(attempts, retryBaseMs, retryMaxMs));
          await this.repository.markAttemptFailed(m, mail.id, at, message, retryAt);
          if (retryAt) tally.retried++;
          else {
            tally.failed++;
            this.logger.warn(`mail ${mail.id} failed for good after ${attempts} attempts: ${message}`);
          }
        }
      });
      if (!found) break;
    }
    return tally;
  }

  async page(status: OutboxStatus | undefined, limit: number, offset: number): Promise<OutboxPage> {
    const page = await this.repository.page(status, limit, offset);
    return { ...page, limit, offset };
  }
}
