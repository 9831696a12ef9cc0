import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserRepository } from './user.repository';

/** Who is who, for other modules: usernames by id and ids by username (they never read `users`). */
@Injectable()
export class UserDirectory {
  constructor(@Inject(UserRepository) private readonly users: UserRepository) {}

  /** In a transaction, pass its manager (a second connection could wait on a pool the transaction holds). */
  usernames(ids: readonly number[], manager?: EntityManager): Promise<Map<number, string>> {
    return this.users.usernames(ids, manager);
  }

  idsOfUsernames(names: readonly string[]): Promise<Map<string, number>> {
    return this.users.idsOfUsernames(names);
  }
}
