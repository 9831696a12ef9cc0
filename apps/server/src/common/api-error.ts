import type { FieldProblem } from '@furlong/contracts';
import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';

export type { FieldProblem };

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

/** 409 with a readable message and a machine-readable `reason` the client acts on. */
export function refusal(message: string, reason: string): ConflictException {
  return new ConflictException({ statusCode: 409, error: 'Conflict', message, reason });
}
