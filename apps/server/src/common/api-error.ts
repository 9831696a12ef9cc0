import type { FieldProblem } from '@furlong/contracts';
import { BadRequestException, ConflictException, HttpException, NotFoundException } from '@nestjs/common';

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

/** A refusal's message in words, as its body says it (Nest keeps it as a string or in `message`). */
export function refusalMessage(err: unknown): string {
  if (!(err instanceof HttpException)) return err instanceof Error ? err.message : String(err);
  const body = err.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' ? message : err.message;
}
