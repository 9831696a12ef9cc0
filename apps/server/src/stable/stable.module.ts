import { Module } from '@nestjs/common';

/**
 * The stable: user-created horses and the races they enter. Its tables (created_races,
 * created_race_entries; entities/) are its own; its features come in a later issue.
 */
@Module({})
export class StableModule {}
