import {
  type FieldProblem,
  type FormReceipt,
  formsApi,
  type InsuranceQuoteBody,
  insuranceQuoteFromForm,
  type OperationBody,
  type OperationQuery,
  type OutboxPage,
} from '@furlong/contracts';
import { Controller, createParamDecorator, type ExecutionContext, HttpException, Inject, Res } from '@nestjs/common';
import { Client, type ClientMeta, CsrfFormField, RequireCsrf } from '../accounts/auth.decorators';
import { InvalidRequestException, refusalMessage } from '../common/api-error';
import { Endpoint, Parsed, parseRequestPart } from '../common/endpoint';
import { type HttpReply, type HttpRequest, isUrlencoded, sendJson } from '../common/http';
import { FormsService } from './forms.service';
import { OutboxService } from './outbox.service';

/** Where a plain HTML form post of a quote lands (the page shows its confirmation). */
export const quoteSentPath = (id: number) => `/insurance-quote?sent=${id}`;

/**
 * Where a refused plain HTML form post lands: back on the form, which shows each field's problem
 * (`problems`: [{ field, reason }] as JSON) or the refusal (`error`: e.g. too many forms this hour).
 */
export const quoteRefusedPath = (refusal: { problems?: FieldProblem[]; error?: string }) => {
  const q = new URLSearchParams();
  if (refusal.problems) q.set('problems', JSON.stringify(refusal.problems));
  if (refusal.error) q.set('error', refusal.error);
  return `/insurance-quote?${q}`;
};

type QuoteRequest =
  | { fromForm: false; body: InsuranceQuoteBody }
  /** A plain HTML form post: answered with a redirect back to the page, not JSON, even when refused. */
  | { fromForm: true; body: InsuranceQuoteBody; problems?: undefined }
  | { fromForm: true; body?: undefined; problems: FieldProblem[] };

/**
 * The quote's body, from JSON or from a plain HTML form post (urlencoded: its text fields read as
 * the JSON body first), checked by the one schema of the operation.
 */
const QuoteBody = createParamDecorator((_data: unknown, ctx: ExecutionContext): QuoteRequest => {
  const req = ctx.switchToHttp().getRequest<HttpRequest>();
  const fromForm = isUrlencoded(req);
  if (!fromForm) return { fromForm, body: parseRequestPart(formsApi.sendInsuranceQuote.body, req.body, 'body') };
  const raw = insuranceQuoteFromForm((req.body ?? {}) as Record<string, unknown>);
  try {
    return { fromForm, body: parseRequestPart(formsApi.sendInsuranceQuote.body, raw, 'body') };
  } catch (err) {
    if (err instanceof InvalidRequestException) return { fromForm, problems: err.problems };
    throw err;
  }
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
    @Res() res: HttpReply,
  ): Promise<void> {
    if (!quote.fromForm) {
      sendJson(res, 201, await this.forms.sendInsuranceQuote(quote.body, client.ip));
      return;
    }
    // A browser that posted the form itself shows what the server answers: back to the page, with
    // the confirmation, each field's problem, or the refusal (e.g. 429) in words. Nothing is stored
    // when it is refused.
    if (quote.problems) {
      res.redirect(quoteRefusedPath({ problems: quote.problems }), 303);
      return;
    }
    try {
      const receipt = await this.forms.sendInsuranceQuote(quote.body, client.ip);
      res.redirect(quoteSentPath(receipt.id), 303);
    } catch (err) {
      if (!(err instanceof HttpException) || err.getStatus() >= 500) throw err;
      res.redirect(quoteRefusedPath({ error: refusalMessage(err) }), 303);
    }
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
