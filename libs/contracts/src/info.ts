import { z } from 'zod';
import { defineOperation } from './api';

// The information pages (issue 20, spec §1 "PDF viewers for FAQ, instructions, tutorial and
// learn-about pages"): four documents the server writes as structured blocks, served as JSON for the
// web page and as a PDF made from the same blocks. Every number of a worked example is computed by
// the domain's own rules when the document is built.

/** The four pages, by the path they are shown at. */
export const INFO_PAGES = ['learn-about-racing', 'tutorial', 'instructions', 'faqs'] as const;
export type InfoPageSlug = (typeof INFO_PAGES)[number];

const heading = z
  .object({
    type: z.literal('heading'),
    level: z.union([z.literal(2), z.literal(3)]).describe('2: a section, 3: a subsection (or a question)'),
    text: z.string(),
    id: z.string().describe('an anchor for the section, unique in the document'),
  })
  .meta({ id: 'InfoHeading' });

const paragraph = z.object({ type: z.literal('paragraph'), text: z.string() }).meta({ id: 'InfoParagraph' });

const list = z
  .object({ type: z.literal('list'), ordered: z.boolean(), items: z.array(z.string()) })
  .meta({ id: 'InfoList' });

const table = z
  .object({
    type: z.literal('table'),
    caption: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.string())).describe('each row has one cell per column'),
  })
  .meta({ id: 'InfoTable' });

const example = z
  .object({
    type: z.literal('example'),
    title: z.string(),
    steps: z.array(z.string()).describe('the working, one line a step'),
    result: z.string().describe('what the example comes to'),
  })
  .meta({ id: 'InfoExample' });

export const infoBlockSchema = z.discriminatedUnion('type', [heading, paragraph, list, table, example]);
export type InfoBlock = z.infer<typeof infoBlockSchema>;

export const infoDocumentSchema = z
  .object({
    page: z.enum(INFO_PAGES),
    title: z.string(),
    summary: z.string().describe('one or two sentences under the title'),
    blocks: z.array(infoBlockSchema),
  })
  .meta({ id: 'InfoDocument' });
export type InfoDocument = z.infer<typeof infoDocumentSchema>;

const pageParams = () =>
  z.object({
    page: z.enum(INFO_PAGES, { error: `must be one of ${INFO_PAGES.join(', ')}` }),
  });

export const infoApi = {
  infoPage: defineOperation({
    method: 'get',
    path: '/info/{page}',
    tags: ['info'],
    access: 'public',
    summary: 'An information page (learn about racing, tutorial, instructions, FAQs) as blocks',
    params: pageParams(),
    status: 200,
    response: infoDocumentSchema,
    errors: { 400: 'no such page' },
  }),
  infoPagePdf: defineOperation({
    method: 'get',
    path: '/info/{page}/pdf',
    tags: ['info'],
    access: 'public',
    summary: 'The same information page as a PDF',
    params: pageParams(),
    status: 200,
    response: null,
    file: 'application/pdf',
    errors: { 400: 'no such page' },
  }),
} as const;
