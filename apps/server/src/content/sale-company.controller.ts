import { type OperationBody, type SaleCompany, type StoredTransportQuote, saleCompanyApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { Endpoint, Parsed } from '../common/endpoint';
import { SaleCompanyService } from './sale-company.service';

/** The sale company (issue 19): facilities, staff and shipping, and members' transport quote requests. */
@Controller()
export class SaleCompanyController {
  constructor(@Inject(SaleCompanyService) private readonly saleCompany: SaleCompanyService) {}

  @Endpoint(saleCompanyApi.saleCompany)
  company(): SaleCompany {
    return this.saleCompany.saleCompany();
  }

  @Endpoint(saleCompanyApi.requestTransportQuote)
  requestTransportQuote(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof saleCompanyApi.requestTransportQuote>,
  ): Promise<StoredTransportQuote> {
    return this.saleCompany.requestQuote(user, body);
  }

  @Endpoint(saleCompanyApi.myTransportQuotes)
  myTransportQuotes(@CurrentUser() user: AuthenticatedUser): Promise<{ items: StoredTransportQuote[] }> {
    return this.saleCompany.myQuotes(user);
  }
}
