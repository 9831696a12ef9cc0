import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { buildOpenApiDocument, listOperations } from './openapi-document';
import { OPENAPI_FILE, serializeOpenApiDocument } from './openapi-file';

describe(buildOpenApiDocument.name, () => {
  const document = buildOpenApiDocument();

  it('should match the committed openapi.json (run `npm run openapi` after changing a schema)', () => {
    const committed = readFileSync(resolve(__dirname, '../../../..', OPENAPI_FILE), 'utf8');
    const generated = serializeOpenApiDocument(document);
    expect({ stale: committed !== generated }).toEqual({ stale: false });
  });

  it('should document every operation of the table once, under its method and /api path', () => {
    const documented = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId?: string }>).map(([method, op]) => [
        op.operationId,
        method,
        path,
      ]),
    );
    const table = listOperations().map(({ id, operation }) => [id, operation.method, `/api${operation.path}`]);
    expect(documented.sort()).toEqual(table.sort());
    expect(new Set(table.map(([id]) => id)).size).toBe(table.length);
  });

  it('should name every path parameter of a path in the operation that serves it', () => {
    for (const { id, operation } of listOperations()) {
      const inPath = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const fields = operation.params
        ? Object.keys((operation.params instanceof z.ZodPipe ? operation.params.in : operation.params).shape)
        : [];
      expect({ id, fields: fields.sort() }).toEqual({ id, fields: inPath.sort() });
    }
  });
});
