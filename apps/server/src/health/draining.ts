import { Injectable } from '@nestjs/common';

/**
 * Whether this instance is on its way out (issue 22): told to stop (SIGTERM), it goes on serving
 * what reaches it while `/api/health` answers 503 `draining`, so a load balancer or a Kubernetes
 * readiness probe sends it nothing new; then it closes.
 */
@Injectable()
export class Draining {
  private started = false;

  /** From now on, health answers `draining`. */
  start(): void {
    this.started = true;
  }

  get active(): boolean {
    return this.started;
  }
}
