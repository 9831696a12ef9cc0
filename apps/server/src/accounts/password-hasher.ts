import { Inject, Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

// @node-rs/argon2's Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2;

/** Argon2id password hashes (PHC strings), at least OWASP's 19 MiB and 2 passes. */
@Injectable()
export class PasswordHasher {
  private readonly options: { memoryCost: number; timeCost: number; parallelism: number; algorithm: 2 };
  private dummy: Promise<string> | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { memoryKib, iterations } = config.accounts.passwordHash;
    this.options = { memoryCost: memoryKib, timeCost: iterations, parallelism: 1, algorithm: ARGON2ID };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(phc: string, password: string): Promise<boolean> {
    try {
      return await verify(phc, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check when the e-mail is unknown, so timing does not tell. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('not a password of anyone');
    await this.verify(await this.dummy, password);
    return false;
  }

  /** Whether a stored hash was made with weaker settings than the current ones (rehash at login). */
  isWeaker(phc: string): boolean {
    const m = /\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=\d+\$/.exec(phc);
    if (!m) return true;
    return Number(m[1]) < this.options.memoryCost || Number(m[2]) < this.options.timeCost;
  }
}
