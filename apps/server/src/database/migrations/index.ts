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
];
