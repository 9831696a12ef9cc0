import { Inject, Injectable, Logger } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** One mail as the outbox hands it over. */
export interface OutgoingMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
}

/** What the transport answered: its message id, and the message itself where it keeps one (the JSON transport). */
export interface SentMail {
  messageId: string;
  message: string | null;
}

/**
 * The port mail leaves through. SMTP when MAIL_SMTP_URL is set; otherwise nodemailer's JSON
 * transport, which builds the whole message and writes it to the log instead of sending it (a
 * development and test default that still goes through nodemailer's message building).
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;
  readonly kind: 'smtp' | 'json';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    const { smtpUrl } = config.mail;
    this.kind = smtpUrl ? 'smtp' : 'json';
    this.transport = smtpUrl ? createTransport(smtpUrl) : createTransport({ jsonTransport: true });
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const info = await this.transport.sendMail({
      from: this.config.mail.from,
      to: mail.to,
      replyTo: mail.replyTo ?? undefined,
      subject: mail.subject,
      text: mail.text,
    });
    const message = typeof info.message === 'string' ? info.message : null;
    if (this.kind === 'json') this.logger.log(`mail (JSON transport): ${message}`);
    return { messageId: String(info.messageId), message };
  }

  close(): void {
    this.transport.close();
  }
}
