import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
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
  private transport: Promise<Transporter> | null = null;
  readonly kind: 'smtp' | 'json';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.kind = config.mail.smtpUrl ? 'smtp' : 'json';
  }

  /** nodemailer is loaded with the first mail, not at start (most servers send few or none). */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(
      ({ createTransport }) => {
        const { smtpUrl } = this.config.mail;
        return smtpUrl ? createTransport(smtpUrl) : createTransport({ jsonTransport: true });
      },
      (error: unknown) => {
        this.transport = null;
        throw error;
      },
    );
    return this.transport;
  }

  async send(mail: OutgoingMail): Promise<SentMail> {
    const transport = await this.transporter();
    const info = await transport.sendMail({
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
    void this.transport?.then(
      (transport) => transport.close(),
      () => undefined,
    );
  }
}
