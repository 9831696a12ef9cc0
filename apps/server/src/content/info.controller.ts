import { type InfoDocument, infoApi, type OperationParams } from '@furlong/contracts';
import { Controller, Inject, StreamableFile } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { InfoService } from './info.service';

/** The information pages (issue 20): as blocks for the web page, and as a PDF. */
@Controller()
export class InfoController {
  constructor(@Inject(InfoService) private readonly info: InfoService) {}

  @Endpoint(infoApi.infoPage)
  page(@Parsed('params') p: OperationParams<typeof infoApi.infoPage>): InfoDocument {
    return this.info.page(p.page);
  }

  @Endpoint(infoApi.infoPagePdf)
  async pdf(@Parsed('params') p: OperationParams<typeof infoApi.infoPagePdf>): Promise<StreamableFile> {
    const pdf = await this.info.pdf(p.page);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `inline; filename="furlong-${p.page}.pdf"`,
      length: pdf.length,
    });
  }
}
