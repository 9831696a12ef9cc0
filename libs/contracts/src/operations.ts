import { accountsApi } from './accounts';
import { adminApi } from './admin';
import type { ApiOperation } from './api';
import { auctionApi } from './auction';
import { catalogApi } from './catalog';
import { customFieldsApi } from './custom-fields';
import { earningsApi } from './earnings';
import { fairOddsApi } from './fair-odds';
import { featuredApi } from './featured';
import { formsApi } from './forms';
import { freeRacingApi } from './free-racing';
import { handicappingApi } from './handicapping';
import { healthApi } from './health';
import { infoApi } from './info';
import { newsApi } from './news';
import { opsApi } from './ops';
import { programApi } from './program';
import { racingApi } from './racing';
import { racingDayApi } from './racing-day';
import { saleCompanyApi } from './sale-company';
import { settingsApi } from './settings';
import { stableApi } from './stable';
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
  admin: adminApi,
  customFields: customFieldsApi,
  stats: statsApi,
  wagering: wageringApi,
  program: programApi,
  racing: racingApi,
  ops: opsApi,
  handicapping: handicappingApi,
  earnings: earningsApi,
  fairOdds: fairOddsApi,
  stable: stableApi,
  auction: auctionApi,
  saleCompany: saleCompanyApi,
  info: infoApi,
  forms: formsApi,
  news: newsApi,
  freeRacing: freeRacingApi,
  settings: settingsApi,
  racingDay: racingDayApi,
  featured: featuredApi,
} as const satisfies Record<string, Record<string, ApiOperation>>;
