import type { InfoPageSlug } from '@furlong/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { Page } from '../../../components/ui/page';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { infoPdfUrl, useInfoPage } from '../api/info-page';
import { InfoBlockView } from './info-blocks';
import './info.css';

/** Each page's title before its document has loaded (the server's document names it too). */
const TITLES: Record<InfoPageSlug, string> = {
  'learn-about-racing': 'Learn About Racing',
  tutorial: 'Tutorial',
  instructions: 'Instructions',
  faqs: 'FAQs',
};

/**
 * /learn-about-racing, /tutorial, /instructions, /faqs — an information page: its sections with a
 * contents list, then the same page as a PDF in an embedded viewer, with a download link.
 */
export function InfoPage({ page }: { page: InfoPageSlug }) {
  const info = useInfoPage(page);
  const location = useLocation();
  const doc = info.data;
  const pdf = infoPdfUrl(page);
  const download = (
    <a className="button secondary" href={pdf} download={`furlong-${page}.pdf`}>
      Download PDF
    </a>
  );

  // A link to a section (#bet-types) scrolls there once the page's blocks are in.
  useEffect(() => {
    if (!doc || !location.hash) return;
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView?.();
  }, [doc, location.hash]);

  const sections = doc?.blocks.flatMap((b) => (b.type === 'heading' && b.level === 2 ? [b] : [])) ?? [];

  return (
    <Page title={doc?.title ?? TITLES[page]} actions={download}>
      {info.isPending ? (
        <Loading text="Loading the page…" />
      ) : !doc ? (
        <ErrorMessage error={info.error} text="Could not load this page." />
      ) : doc.blocks.length === 0 ? (
        <EmptyState>This page has no content yet.</EmptyState>
      ) : (
        <div className="info-layout">
          <p className="info-summary">{doc.summary}</p>
          {sections.length > 1 ? (
            <nav className="info-contents" aria-label="Contents">
              <h2>Contents</h2>
              <ol>
                {sections.map((s) => (
                  <li key={s.id}>
                    <a href={`#${s.id}`}>{s.text}</a>
                  </li>
                ))}
              </ol>
            </nav>
          ) : null}
          <article className="info-article">
            {doc.blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the blocks are a fixed document, in order
              <InfoBlockView key={i} block={block} />
            ))}
          </article>
        </div>
      )}
      <section className="info-pdf" aria-labelledby="info-pdf-title">
        <h2 id="info-pdf-title">This page as a PDF</h2>
        <object className="info-pdf-viewer" data={pdf} type="application/pdf" aria-label={`${TITLES[page]} (PDF)`}>
          <p className="hint">
            This browser does not show PDFs inside the page: <a href={pdf}>open the PDF</a> instead.
          </p>
        </object>
        <p className="button-row">{download}</p>
      </section>
    </Page>
  );
}
