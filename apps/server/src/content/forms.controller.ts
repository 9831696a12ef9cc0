import {
  type FormReceipt,
  formsApi,
  type InsuranceQuoteBody,
  insuranceQuoteFromForm,
  type OperationBody,
  type OperationQuery,
  type OutboxPage,
} from '@furlong/contracts';
import { Controller, createParamDecorator, type ExecutionContext, Inject, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Client, type ClientMeta, CsrfFormField, RequireCsrf } from '../accounts/auth.decorators';
import { Endpoint, Parsed, parseRequestPart } from '../common/endpoint';
import { FormsService } from './forms.service';
import { OutboxService } from './outbox.service';

/** Where a plain HTML form post of a quote lands (the page shows its confirmation). */
export const quoteSentPath = (id: number) => `/insurance-quote?sent=${id}`;

interface QuoteRequest {
  body: InsuranceQuoteBody;
  /** It came as a plain HTML form post (answered with a redirect, not JSON). */
  fromForm: boolean;
}

/**
 * The quote's body, from JSON or from a plain HTML form post (urlencoded: its text fields read as
 * the JSON body first), checked by the one schema of the operation.
 */
const QuoteBody = createParamDecorator((_data: unknown, ctx: ExecutionContext): QuoteRequest => {
  const req = ctx.switchToHttp().getRequest<Request>();
  const fromForm = req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
  const raw: unknown = fromForm ? insuranceQuoteFromForm((req.body ?? {}) as Record<string, unknown>) : req.body;
  return { body: parseRequestPart(formsApi.sendInsuranceQuote.body, raw, 'body'), fromForm };
});

/**
 * Forms that reach someone (issue 20): the insurance quote (also a plain HTML form post), the
 * contact and submit messages, and the admins' view of the outbox. Both forms need the CSRF token
 * even without a session, as login does: no other site can post them in a visitor's name.
 */
@Controller()
export class FormsController {
  constructor(
    @Inject(FormsService) private readonly forms: FormsService,
    @Inject(OutboxService) private readonly outbox: OutboxService,
  ) {}

  // The quote alone takes the token from the form field `_csrf` too (a post without script).
  @Endpoint(formsApi.sendInsuranceQuote)
  @RequireCsrf()
  @CsrfFormField('_csrf')
  async sendInsuranceQuote(
    @QuoteBody() quote: QuoteRequest,
    @Client() client: ClientMeta,
    @Res() res: Response,
  ): Promise<void> {
    const receipt = await this.forms.sendInsuranceQuote(quote.body, client.ip);
    if (quote.fromForm) res.redirect(303, quoteSentPath(receipt.id));
    else res.status(201).json(receipt);
  }

  @Endpoint(formsApi.sendMessage)
  @RequireCsrf()
  sendMessage(
    @Parsed('body') body: OperationBody<typeof formsApi.sendMessage>,
    @Client() client: ClientMeta,
  ): Promise<FormReceipt> {
    return this.forms.sendMessage(body, client.ip);
  }

  @Endpoint(formsApi.outbox)
  outboxPage(@Parsed('query') query: OperationQuery<typeof formsApi.outbox>): Promise<OutboxPage> {
    return this.outbox.page(query.status, query.limit, query.offset);
  }
}
