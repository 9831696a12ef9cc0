import type { CatalogKind, ColumnType } from '@furlong/contracts';

type Schema = Record<string, unknown>;

export const API_ERROR_SCHEMA: Schema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer', example: 400 },
    error: { type: 'string', example: 'Bad Request' },
    message: { type: 'string', example: 'limit: must be a whole number from 1 to 5000' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string', example: 'limit' }, reason: { type: 'string' } },
      },
    },
  },
};

const TYPE_SCHEMA: Record<ColumnType, Schema> = {
  int: { type: 'integer' },
  number: { type: 'number' },
  text: { type: 'string' },
  date: { type: 'string', format: 'date' },
  time: { type: 'string', pattern: '^\\d{2}:\\d{2}:\\d{2}$' },
  bool: { type: 'boolean' },
  'text[]': { type: 'array', items: { type: 'string' } },
  'date[]': { type: 'array', items: { type: 'string', format: 'date' } },
  'number[]': { type: 'array', items: { type: 'number' } },
};

export function rowSchema(kind: CatalogKind): Schema {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(kind.columns).map(([name, def]) => [
        name,
        def.values ? { ...TYPE_SCHEMA[def.type], enum: def.values } : TYPE_SCHEMA[def.type],
      ]),
    ),
  };
}

export function listPageSchema(kind: CatalogKind): Schema {
  return {
    type: 'object',
    required: ['items', 'total', 'limit', 'offset'],
    properties: {
      items: { type: 'array', items: rowSchema(kind) },
      total: { type: 'integer' },
      limit: { type: 'integer' },
      offset: { type: 'integer' },
    },
  };
}
