import {
  API_OPERATIONS,
  type ApiErrorStatus,
  type ApiOperation,
  apiErrorResponseSchema,
  CSRF_HEADER,
  type FieldsSchema,
  SESSION_COOKIE,
} from '@furlong/contracts';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';

/** The reasons every operation of a kind may answer, beside its own documented errors. */
const IMPLIED_ERRORS: Readonly<
  Record<'input' | 'session' | 'operator' | 'admin', Partial<Record<ApiErrorStatus, string>>>
> = {
  input: { 400: 'a parameter, the query or the body does not fit: every bad field is named in `errors`' },
  session: { 401: 'not signed in, or the session has expired' },
  operator: { 401: 'not signed in, or the session has expired', 403: 'not an operator or an administrator' },
  admin: { 401: 'not signed in, or the session has expired', 403: 'not an administrator' },
};

/** Every operation with its area and name, in the table's order. */
export function listOperations(): { id: string; operation: ApiOperation }[] {
  return Object.entries(API_OPERATIONS).flatMap(([area, operations]) =>
    Object.entries(operations as Record<string, ApiOperation>).map(([name, operation]) => ({
      id: `${area}.${name}`,
      operation,
    })),
  );
}

/** The fields a document shows for a request part: the object itself, or the object a transform reads. */
function documentedFields(schema: FieldsSchema | undefined) {
  return schema instanceof z.ZodPipe ? schema.in : schema;
}

function describeOperation(id: string, op: ApiOperation): ZodOpenApiOperationObject {
  const errors = {
    ...(op.params || op.query || op.headers || op.body ? IMPLIED_ERRORS.input : {}),
    ...(op.access === 'public' ? {} : IMPLIED_ERRORS[op.access]),
    ...op.errors,
  };
  const responses: ZodOpenApiOperationObject['responses'] = {
    [`${op.status}`]: op.file
      ? { description: 'The file', content: { [op.file]: { schema: z.string().meta({ format: 'binary' }) } } }
      : op.response
        ? { description: 'Success', content: { 'application/json': { schema: op.response } } }
        : { description: 'Success, no body' },
  };
  for (const [status, description] of Object.entries(errors)) {
    responses[status as `${ApiErrorStatus}`] = {
      description,
      content: { 'application/json': { schema: apiErrorResponseSchema } },
    };
  }
  return {
    operationId: id,
    tags: [...op.tags],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    ...(op.access === 'public' ? {} : { security: [{ session: [] }] }),
    requestParams: {
      ...(op.params ? { path: documentedFields(op.params) } : {}),
      ...(op.query ? { query: documentedFields(op.query) } : {}),
      ...(op.headers ? { header: documentedFields(op.headers) } : {}),
    },
    ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: op.body } } } } : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the contracts' operation table (the same
 * schemas the server validates with). Committed as openapi.json (`npm run openapi`), served at /api/docs.
 */
export function buildOpenApiDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const { id, operation } of listOperations()) {
    const path = `/api${operation.path}`;
    paths[path] = { ...paths[path], [operation.method]: describeOperation(id, operation) };
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Furlong API',
      version: '0.1.0',
      description:
        'Horse-racing simulation and pari-mutuel wagering. Money is integer cents. Signed-in requests carry ' +
        `the session cookie; a signed-in POST, PATCH or DELETE also carries the ${CSRF_HEADER} header with ` +
        'the value of the CSRF cookie (GET /api/auth/csrf).',
    },
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    paths,
  });
}
