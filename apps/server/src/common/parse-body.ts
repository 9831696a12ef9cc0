import type { z } from 'zod';
import { InvalidRequestException } from './api-error';

/** Validates a JSON body with a zod schema; a bad body is one 400 naming every bad field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw new InvalidRequestException(
    parsed.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : 'body',
      reason: issue.message,
    })),
  );
}
