import { BadRequestException, NotFoundException } from '@nestjs/common';

/** One thing wrong with a request: which field, and why. */
export interface FieldProblem {
  field: string;
  reason: string;
}

/** 400 with a body naming every bad field. */
export class InvalidRequestException extends BadRequestException {
  constructor(readonly problems: FieldProblem[]) {
    super({
      statusCode: 400,
      error: 'Bad Request',
      message: problems.map((p) => `${p.field}: ${p.reason}`).join('; '),
      errors: problems,
    });
  }
}

export function notFound(what: string, id: number | string): NotFoundException {
  return new NotFoundException({ statusCode: 404, error: 'Not Found', message: `${what} ${id} not found` });
}

/** Parses a positive integer id from a path segment, or throws a 400 naming the field. */
export function parseId(value: string, field = 'id'): number {
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
    throw new InvalidRequestException([{ field, reason: `must be a positive integer, got '${value}'` }]);
  }
  return Number(value);
}
