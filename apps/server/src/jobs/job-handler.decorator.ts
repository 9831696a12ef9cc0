import { DiscoveryService } from '@nestjs/core';
import type { JobName } from './job.types';

/** Marks a provider method as the handler of one job; start-up fails on a missing or double one. */
export const JobHandler = DiscoveryService.createDecorator<JobName>();
