import { InitialSchema1795326082400 } from './1795326082400-InitialSchema';
import { SearchIndexes1795326082401 } from './1795326082401-SearchIndexes';
import { ListIndexes1795326320629 } from './1795326320629-ListIndexes';
import { SearchText1795414910865 } from './1795414910865-SearchText';
import { LiveRacing1795415538157 } from './1795415538157-LiveRacing';
import { Accounts1795415608636 } from './1795415608636-Accounts';
import { Wagering1795418371433 } from './1795418371433-Wagering';
import { PickCarryover1795420000000 } from './1795420000000-PickCarryover';
import { CatalogListSpeed1795430000000 } from './1795430000000-CatalogListSpeed';
import { OperatorRole1795440000000 } from './1795440000000-OperatorRole';
import { PoolPayoffs1795600097000 } from './1795600097000-PoolPayoffs';
import { RaceCancelReason1795600098000 } from './1795600098000-RaceCancelReason';
import { FixedMorningLine1795600099000 } from './1795600099000-FixedMorningLine';
import { FinisherFinalOdds1795600102000 } from './1795600102000-FinisherFinalOdds';
import { Scratches1795600103000 } from './1795600103000-Scratches';
import { DeadHeats1795600110000 } from './1795600110000-DeadHeats';
import { CrowdMarks1795600120000 } from './1795600120000-CrowdMarks';
import { FairOdds1795600130000 } from './1795600130000-FairOdds';
import { PredictorWeights1795600131000 } from './1795600131000-PredictorWeights';
import { Stable1795600140000 } from './1795600140000-Stable';
import { Auction1795600150000 } from './1795600150000-Auction';
import { StableOnSale1795600151000 } from './1795600151000-StableOnSale';
import { TransportQuotes1795600160000 } from './1795600160000-TransportQuotes';
import { FormsOutbox1795600170000 } from './1795600170000-FormsOutbox';
import { UserSettings1795600180000 } from './1795600180000-UserSettings';
import { FreeRacing1795600190000 } from './1795600190000-FreeRacing';
import { NewsItems1795600210000 } from './1795600210000-NewsItems';
import { FeaturedBonus1795600220000 } from './1795600220000-FeaturedBonus';
import { NewsKinds1795600230000 } from './1795600230000-NewsKinds';
import { AdminAudit1795600240000 } from './1795600240000-AdminAudit';
import { CustomFields1795600250000 } from './1795600250000-CustomFields';

/** Every migration, oldest first. */
export const MIGRATIONS = [
  InitialSchema1795326082400,
  SearchIndexes1795326082401,
  ListIndexes1795326320629,
  SearchText1795414910865,
  LiveRacing1795415538157,
  Accounts1795415608636,
  Wagering1795418371433,
  PickCarryover1795420000000,
  CatalogListSpeed1795430000000,
  OperatorRole1795440000000,
  PoolPayoffs1795600097000,
  RaceCancelReason1795600098000,
  FixedMorningLine1795600099000,
  FinisherFinalOdds1795600102000,
  Scratches1795600103000,
  DeadHeats1795600110000,
  CrowdMarks1795600120000,
  FairOdds1795600130000,
  PredictorWeights1795600131000,
  Stable1795600140000,
  Auction1795600150000,
  StableOnSale1795600151000,
  TransportQuotes1795600160000,
  FormsOutbox1795600170000,
  FreeRacing1795600190000,
  UserSettings1795600180000,
  NewsItems1795600210000,
  FeaturedBonus1795600220000,
  NewsKinds1795600230000,
  AdminAudit1795600240000,
  CustomFields1795600250000,
];
