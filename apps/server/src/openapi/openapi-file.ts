/** The committed copy of the generated document, at the repository's root; a test fails when it is stale. */
export const OPENAPI_FILE = 'openapi.json';

/** The committed file's text: two-space JSON and a final newline. */
export function serializeOpenApiDocument(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
