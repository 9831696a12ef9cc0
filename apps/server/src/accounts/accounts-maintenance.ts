import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SessionRepository } from './session.repository';

/**
 * Accounts' part of the scan and insert (issue 21): sessions left marked active although they can
 * no longer be used (past their idle timeout or maximum age, or of an account disabled or deleted
 * since) are ended with the matching reason. A second run finds none.
 */
@Injectable()
export class AccountsMaintenance {
  constructor(
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async abandonedSessions(): Promise<{ found: number; fixed: number; note: string }> {
    const { sessionIdleTimeoutMs, sessionMaxAgeMs } = this.config.accounts;
    const ended = await this.sessions.endAbandoned(this.clock.now(), sessionIdleTimeoutMs, sessionMaxAgeMs);
    return { found: ended, fixed: ended, note: ended > 0 ? 'ended (idle, max_age or revoked)' : '' };
  }
}
