import type { InfoDocument, InfoPageSlug } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { infoDocument } from './info-pages.content';
import { infoPdf } from './info-pdf';

/**
 * The information pages (learn about racing, tutorial, instructions, FAQs): each built once from the
 * rules and the configuration, served as blocks and as a PDF of the same blocks. Both are fixed while
 * the process runs, so each is made on first use and kept.
 */
@Injectable()
export class InfoService {
  private readonly documents = new Map<InfoPageSlug, InfoDocument>();
  private readonly pdfs = new Map<InfoPageSlug, Promise<Buffer>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  page(page: InfoPageSlug): InfoDocument {
    let doc = this.documents.get(page);
    if (!doc) {
      doc = infoDocument(page, this.config.wagering);
      this.documents.set(page, doc);
    }
    return doc;
  }

  pdf(page: InfoPageSlug): Promise<Buffer> {
    let pdf = this.pdfs.get(page);
    if (!pdf) {
      pdf = infoPdf(this.page(page));
      this.pdfs.set(page, pdf);
      // A failed rendering is not kept: the next request tries again.
      pdf.catch(() => this.pdfs.delete(page));
    }
    return pdf;
  }
}
