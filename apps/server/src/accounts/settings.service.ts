import { DEFAULT_USER_SETTINGS, type UserSettings } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { AuthenticatedUser } from './session-auth';
import { SettingsRepository } from './settings.repository';

/** A user's own settings: read (the defaults until saved) and replaced; never another user's. */
@Injectable()
export class SettingsService {
  constructor(@Inject(SettingsRepository) private readonly settings: SettingsRepository) {}

  async mine(user: AuthenticatedUser): Promise<UserSettings> {
    return (await this.settings.find(user.userId)) ?? { ...DEFAULT_USER_SETTINGS };
  }

  replaceMine(user: AuthenticatedUser, settings: UserSettings): Promise<UserSettings> {
    return this.settings.save(user.userId, settings);
  }
}
