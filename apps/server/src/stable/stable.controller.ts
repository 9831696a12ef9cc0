import {
  type CareResult,
  type CreatedRaceView,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type StableDashboard,
  type StableHorse,
  stableApi,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint, Parsed } from '../common/endpoint';
import { CreatedRacesService } from './created-races.service';
import { StableService } from './stable.service';

/** The stable (spec §2.3): horses, entries, care, breeding, and the random race generator. */
@Controller()
export class StableController {
  constructor(
    @Inject(StableService) private readonly stable: StableService,
    @Inject(CreatedRacesService) private readonly createdRaces: CreatedRacesService,
  ) {}

  @Endpoint(stableApi.dashboard)
  dashboard(@CurrentUser() user: AuthenticatedUser): Promise<StableDashboard> {
    return this.stable.dashboard(user);
  }

  @Endpoint(stableApi.createHorse)
  createHorse(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof stableApi.createHorse>,
  ): Promise<StableHorse> {
    return this.stable.createHorse(user, body);
  }

  @Endpoint(stableApi.horse)
  horse(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof stableApi.horse>,
  ): Promise<StableHorse> {
    return this.stable.horse(user, params.id);
  }

  @Endpoint(stableApi.enterableRaces)
  enterable(@Parsed('query') query: OperationQuery<typeof stableApi.enterableRaces>) {
    return this.stable.enterable(query.track_id);
  }

  @Endpoint(stableApi.enter)
  enter(@CurrentUser() user: AuthenticatedUser, @Parsed('body') body: OperationBody<typeof stableApi.enter>) {
    return this.stable.enter(user, body.horse_id, body.current_race_id);
  }

  @Endpoint(stableApi.withdraw)
  withdraw(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof stableApi.withdraw>,
  ) {
    return this.stable.withdraw(user, params.id);
  }

  @Endpoint(stableApi.train)
  train(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof stableApi.train>,
    @Parsed('body') body: OperationBody<typeof stableApi.train>,
  ): Promise<CareResult> {
    return this.stable.trainHorse(user, params.id, body.regimen);
  }

  @Endpoint(stableApi.treat)
  treat(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof stableApi.treat>,
    @Parsed('body') body: OperationBody<typeof stableApi.treat>,
  ): Promise<CareResult> {
    return this.stable.treatHorse(user, params.id, body.treatment);
  }

  @Endpoint(stableApi.equip)
  equip(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof stableApi.equip>,
    @Parsed('body') body: OperationBody<typeof stableApi.equip>,
  ): Promise<CareResult> {
    return this.stable.equip(user, params.id, body);
  }

  @Endpoint(stableApi.stud)
  stud(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') params: OperationParams<typeof stableApi.stud>,
    @Parsed('body') body: OperationBody<typeof stableApi.stud>,
  ): Promise<StableHorse> {
    return this.stable.stud(user, params.id, body.fee_cents);
  }

  @Endpoint(stableApi.breedings)
  breedings(@CurrentUser() user: AuthenticatedUser) {
    return this.stable.breedings(user);
  }

  @Endpoint(stableApi.breed)
  breed(@CurrentUser() user: AuthenticatedUser, @Parsed('body') body: OperationBody<typeof stableApi.breed>) {
    return this.stable.breed(user, body);
  }

  @Endpoint(stableApi.createdRaces)
  createdRacesList(): Promise<{ items: CreatedRaceView[] }> {
    return this.createdRaces.list();
  }

  @Endpoint(stableApi.scheduleCreatedRace)
  scheduleCreatedRace(
    @Parsed('params') params: OperationParams<typeof stableApi.scheduleCreatedRace>,
    @Parsed('body') body: OperationBody<typeof stableApi.scheduleCreatedRace>,
    @Audited() ctx: AuditContext,
  ): Promise<CreatedRaceView> {
    return this.createdRaces.schedule(ctx, params.id, new Date(body.post_time), body.track_id);
  }

  @Endpoint(stableApi.createRace)
  createRace(@CurrentUser() user: AuthenticatedUser): Promise<CreatedRaceView> {
    return this.createdRaces.create(user);
  }
}
