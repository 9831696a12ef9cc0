import { type OperationBody, settingsApi, type UserSettings } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { CurrentUser } from './auth.decorators';
import type { AuthenticatedUser } from './session-auth';
import { SettingsService } from './settings.service';

/** /api/me/settings: the logged-in user's own settings; there is no way to name another user. */
@Controller()
export class SettingsController {
  constructor(@Inject(SettingsService) private readonly settings: SettingsService) {}

  @Endpoint(settingsApi.mySettings)
  mine(@CurrentUser() user: AuthenticatedUser): Promise<UserSettings> {
    return this.settings.mine(user);
  }

  @Endpoint(settingsApi.updateMySettings)
  replace(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof settingsApi.updateMySettings>,
  ): Promise<UserSettings> {
    return this.settings.replaceMine(user, body);
  }
}
