import { randomBytes, randomInt } from 'node:crypto';

/** Secure randomness, behind a port so tests can make it predictable. */
export abstract class Randomness {
  /** `bytes` random bytes as base64url text. */
  abstract token(bytes: number): string;
  /** An integer in [min, max). */
  abstract int(min: number, max: number): number;
  /** `bytes` random bytes as hex text. */
  abstract hex(bytes: number): string;
}

export class CryptoRandomness extends Randomness {
  token(bytes: number): string {
    return randomBytes(bytes).toString('base64url');
  }
  int(min: number, max: number): number {
    return randomInt(min, max);
  }
  hex(bytes: number): string {
    return randomBytes(bytes).toString('hex');
  }
}
