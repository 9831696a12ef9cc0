import { accountsApi } from './accounts';
import type { ApiOperation } from './api';
import { catalogApi } from './catalog';
import { healthApi } from './health';
import { opsApi } from './ops';
import { programApi } from './program';
import { racingApi } from './racing';
import { statsApi } from './stats';
import { wageringApi } from './wagering';

/**
 * Every operation of the HTTP API, by area. The server binds a handler to each, the OpenAPI
 * document is generated from this table, and a test fails when a route and this table disagree.
 */
export const API_OPERATIONS = {
  catalog: catalogApi,
  health: healthApi,
  accounts: accountsApi,
  stats: statsApi,
  wagering: wageringApi,
  program: programApi,
  racing: racingApi,
  ops: opsApi,
} as const satisfies Record<string, Record<string, ApiOperation>>;
