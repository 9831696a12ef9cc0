import type { ApiOperation } from './api';
import { healthApi } from './health';
import { programApi } from './program';
import { racingApi } from './racing';
import { wageringApi } from './wagering';

/**
 * Every operation of the HTTP API, by area. The server binds a handler to each, the OpenAPI
 * document is generated from this table, and a test fails when a route and this table disagree.
 */
export const API_OPERATIONS = {
  health: healthApi,
  wagering: wageringApi,
  program: programApi,
  racing: racingApi,
} as const satisfies Record<string, Record<string, ApiOperation>>;
