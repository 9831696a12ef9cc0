import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

// The part of an OpenAPI 3.1 document the explorer reads. Everything is optional: a document the
// server did not write this way still lists what it can.

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  description?: string;
  minimum?: number;
  minLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiOperation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string }>;
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** GET /api/docs-json: the server's own OpenAPI document (generated from the contracts). */
export const openApiQueryOptions = queryOptions({
  queryKey: ['ops', 'openapi'],
  queryFn: ({ signal }) => getJson<OpenApiDocument>('/docs-json', undefined, signal),
  staleTime: 5 * 60_000,
});

export function useOpenApiDocument() {
  return useQuery(openApiQueryOptions);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

/** One operation of the document, flattened: its method, path and its path-level parameters merged in. */
export interface ListedOperation {
  key: string;
  method: string;
  path: string;
  operation: OpenApiOperation;
  parameters: OpenApiParameter[];
}

export interface OperationGroup {
  tag: string;
  operations: ListedOperation[];
}

/** The document's operations by tag: the document's tag order first, then tags as first met; untagged under "other". */
export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, ListedOperation[]>();
  for (const tag of doc.tags ?? []) groups.set(tag.name, []);
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = (item as { parameters?: OpenApiParameter[] }).parameters ?? [];
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = operation.parameters ?? [];
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const tag = operation.tags?.[0] ?? 'other';
      const list = groups.get(tag) ?? [];
      list.push({ key: `${method} ${path}`, method, path, operation, parameters });
      groups.set(tag, list);
    }
  }
  return [...groups].filter(([, ops]) => ops.length > 0).map(([tag, operations]) => ({ tag, operations }));
}

/** The schema a `#/components/schemas/Name` reference points at (undefined for any other reference). */
export function resolveRef(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema?.$ref) return schema;
  const prefix = '#/components/schemas/';
  if (!schema.$ref.startsWith(prefix)) return undefined;
  return doc.components?.schemas?.[schema.$ref.slice(prefix.length)];
}

const firstType = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** The JSON body schema of an operation, if it takes one. */
export function bodySchema(operation: OpenApiOperation): JsonSchema | undefined {
  const content = operation.requestBody?.content;
  return content?.['application/json']?.schema;
}

/**
 * A value that fits `schema`, to prefill a body editor: the schema's example, default, const or first
 * enum value when it has one, else one built from its type (objects with every property, arrays of
 * one item). References are followed; a reference met again inside itself gives null.
 */
export function exampleFor(doc: OpenApiDocument, input: JsonSchema | undefined, seen: string[] = []): unknown {
  if (!input) return null;
  if (input.$ref) {
    if (seen.includes(input.$ref) || seen.length > 8) return null;
    return exampleFor(doc, resolveRef(doc, input), [...seen, input.$ref]);
  }
  const schema = input;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = (schema.anyOf ?? schema.oneOf)?.find((s) => s.type !== 'null');
  if (choice) return exampleFor(doc, choice, seen);
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleFor(doc, part, seen) ?? {}));
  }
  switch (firstType(schema) ?? (schema.properties ? 'object' : undefined)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, prop]) => [name, exampleFor(doc, prop, seen)]),
      );
    case 'array':
      return [exampleFor(doc, schema.items, seen)];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, 0);
    case 'boolean':
      return false;
    case 'string':
      return stringExample(schema);
    default:
      return null;
  }
}

function stringExample(schema: JsonSchema): string {
  switch (schema.format) {
    case 'date-time':
      return new Date().toISOString();
    case 'date':
      return new Date().toISOString().slice(0, 10);
    case 'email':
      return 'someone@example.com';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    default:
      return 'string'.padEnd(schema.minLength ?? 0, 'x');
  }
}

/** A short description of a parameter's type for its label: `integer ≥ 1`, `one of a, b`, `array of string`. */
export function describeType(schema: JsonSchema | undefined): string {
  if (!schema) return '';
  if (schema.enum?.length) return `one of ${schema.enum.join(', ')}`;
  const type = firstType(schema) ?? '';
  if (type === 'array') return `array of ${describeType(schema.items) || 'values'} (comma-separated)`;
  const parts = [
    type,
    schema.format ? `(${schema.format})` : '',
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}
