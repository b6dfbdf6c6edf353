import { randomInt } from 'node:crypto';
import type { RandomSource } from '@accounts/application';

/** Uniform integers from the operating system's CSPRNG (rejection sampling in `randomInt`). */
export class CryptoRandomSource implements RandomSource {
  integers(count: number, maxExclusive: number): number[] {
    if (!Number.isSafeInteger(count) || count < 0)
      throw new RangeError('count must be a non-negative integer');
    return Array.from({ length: count }, () => randomInt(maxExclusive));
  }
}
