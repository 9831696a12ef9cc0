import type { ApiOperation } from '@furlong/contracts';
import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
} from '@nestjs/common';
import type { z } from 'zod';
import { ACCESS_KEY } from './access';
import { type FieldProblem, InvalidRequestException } from './api-error';
import type { HttpRequest } from './http';

/** Where @Endpoint keeps a handler's operation. */
export const ENDPOINT_METADATA = 'furlong:endpoint';

const METHODS = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  patch: RequestMethod.PATCH,
  delete: RequestMethod.DELETE,
} as const;

/** An operation's OpenAPI path as a route under the global /api prefix: /races/{id} → races/:id. */
export function routePath(operation: ApiOperation): string {
  return operation.path.replace(/^\//, '').replace(/\{(\w+)\}/g, ':$1');
}

/**
 * Binds a handler to an operation of the contracts' table: its method, path, success status and
 * access level (the AuthGuard enforces the operation's `access`: no second decorator to keep in
 * step). The handler's @Parsed() arguments are validated against the same operation's schemas.
 * Controllers that use it are declared with a bare @Controller().
 */
export function Endpoint(operation: ApiOperation): MethodDecorator {
  return applyDecorators(
    RequestMapping({ path: routePath(operation), method: METHODS[operation.method] }),
    HttpCode(operation.status),
    SetMetadata(ENDPOINT_METADATA, operation),
    SetMetadata(ACCESS_KEY, operation.access),
  );
}

export type RequestPart = 'params' | 'query' | 'headers' | 'body';

/** Reads one part of a request through a schema; a bad part is one 400 naming every bad field. */
export function parseRequestPart<S extends z.ZodType>(schema: S, value: unknown, part: RequestPart): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const known = 'shape' in schema ? Object.keys((schema as unknown as z.ZodObject).shape) : [];
  // Unknown parameters first, as the 400s before the operations named them (zod reports them last).
  const unknown: FieldProblem[] = [];
  const problems: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys' && issue.path.length === 0 && part !== 'body') {
      for (const key of issue.keys) {
        unknown.push({ field: key, reason: `unknown parameter; one of ${known.join(', ')}` });
      }
      continue;
    }
    problems.push({ field: issue.path.length > 0 ? issue.path.join('.') : part, reason: issue.message });
  }
  throw new InvalidRequestException([...unknown, ...problems]);
}

function requestPart(request: HttpRequest, part: RequestPart): unknown {
  switch (part) {
    case 'params':
      return request.params;
    case 'query':
      return request.query;
    case 'headers':
      return request.headers;
    case 'body':
      return request.body;
  }
}

/**
 * A handler argument parsed by its operation's schema (see @Endpoint): `@Parsed('body') body: PlaceBetsRequest`.
 * Services receive parsed values; a request that does not fit is answered 400 before the handler runs.
 */
export const Parsed = createParamDecorator((part: RequestPart, context: ExecutionContext) => {
  const operation = Reflect.getMetadata(ENDPOINT_METADATA, context.getHandler()) as ApiOperation | undefined;
  const schema = operation?.[part];
  if (!schema) {
    throw new Error(`${context.getClass().name}.${context.getHandler().name}: no ${part} schema in its @Endpoint`);
  }
  return parseRequestPart(schema, requestPart(context.switchToHttp().getRequest<HttpRequest>(), part), part);
});
