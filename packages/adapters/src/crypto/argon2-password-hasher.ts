import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import * as argon2 from 'argon2';
import type { PasswordHasher } from '@accounts/application';

export type Argon2Options = {
  /** KiB; default 19456 (19 MiB, the OWASP argon2id baseline). */
  memoryCost?: number;
  /** Passes; default 2. */
  timeCost?: number;
  /** Lanes; default 1. */
  parallelism?: number;
};

const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** `$argon2{id,i,d}$[v=N$]params$salt$hash`; the library parses the details. */
const ARGON2_PHC = /^\$argon2(?:id|i|d)\$(?:v=\d+\$)?[a-z]+=[^$]*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

const randomBytesAsync = promisify(randomBytes);

/**
 * argon2id hashes as PHC strings. The native binding computes on libuv's thread pool, so neither
 * hashing nor verifying blocks the event loop.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  private readonly memoryCost: number;
  private readonly timeCost: number;
  private readonly parallelism: number;

  constructor(options: Argon2Options = {}) {
    this.memoryCost = options.memoryCost ?? 19_456;
    this.timeCost = options.timeCost ?? 2;
    this.parallelism = options.parallelism ?? 1;
  }

  async hash(password: string): Promise<string> {
    const salt = await randomBytesAsync(SALT_BYTES);
    const digest = await argon2.hash(password, {
      type: argon2.argon2id,
      memoryCost: this.memoryCost,
      timeCost: this.timeCost,
      parallelism: this.parallelism,
      hashLength: HASH_BYTES,
      salt,
      raw: true,
    });
    // Written here rather than by the library, which puts the parameters in m,p,t order; the PHC
    // argon2 encoding (and parsers such as libargon2's own) require m,t,p.
    const params = `m=${this.memoryCost},t=${this.timeCost},p=${this.parallelism}`;
    return `$argon2id$v=19$${params}$${phcBase64(salt)}$${phcBase64(digest)}`;
  }

  /** Any argon2id, argon2i or argon2d PHC string, whatever its parameters. */
  async verify(hash: string, password: string): Promise<boolean> {
    if (!ARGON2_PHC.test(hash)) throw new Error('Password hash is not an argon2 PHC string');
    try {
      return await argon2.verify(hash, password);
    } catch (error) {
      throw new Error('Password hash could not be read', { cause: error });
    }
  }
}

function phcBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
