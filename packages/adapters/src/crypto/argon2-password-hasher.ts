import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import * as argon2 from 'argon2';
import { PasswordChecksBusy, type PasswordHasher } from '@accounts/application';
import { BoundedConcurrency } from './bounded-concurrency.js';

export type Argon2Options = {
  /** KiB; default 19456 (19 MiB, the OWASP argon2id baseline). */
  memoryCost?: number;
  /** Passes; default 2. */
  timeCost?: number;
  /** Lanes; default 1. */
  parallelism?: number;
  /** Computations at once; default defaultArgon2Concurrency(). */
  concurrency?: number;
  /** Checks waiting for a free slot before more are refused (PasswordChecksBusy); default 8 per slot. */
  queue?: number;
};

/** libuv's thread pool, where argon2 computes: UV_THREADPOOL_SIZE as read at the process's start, else 4. */
export function threadPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size >= 1 ? Math.min(size, 1024) : 4;
}

/**
 * One computation per CPU, and one pool thread always left to the rest of the process (file
 * writes, DNS lookups, crypto): more at once only share the CPUs (and hold 19 MiB each) without
 * finishing sooner, and every pool thread busy would stall the others behind argon2.
 */
export function defaultArgon2Concurrency(env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, Math.min(availableParallelism(), threadPoolSize(env) - 1));
}

/** Seconds a refused check is told to wait: a slot frees in tens of milliseconds. */
const BUSY_RETRY_AFTER_SECONDS = 1;
const QUEUE_PER_SLOT = 8;

const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** `$argon2{id,i,d}$[v=N$]params$salt$hash`; the library parses the details. */
const ARGON2_PHC = /^\$argon2(?:id|i|d)\$(?:v=\d+\$)?[a-z]+=[^$]*\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;

const randomBytesAsync = promisify(randomBytes);

/**
 * argon2id hashes as PHC strings. The native binding computes on libuv's thread pool, so neither
 * hashing nor verifying blocks the event loop. At most `concurrency` computations run at once and
 * `queue` more wait; past that a check is refused at once (PasswordChecksBusy): a flood of
 * password checks then costs bounded memory (19 MiB per computation at the default cost) and
 * bounded waits, and never takes the whole pool.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  private readonly memoryCost: number;
  private readonly timeCost: number;
  private readonly parallelism: number;
  private readonly slots: BoundedConcurrency;
  /** Computations at once and checks allowed to wait, as configured. */
  readonly limits: { concurrency: number; queue: number };

  constructor(options: Argon2Options = {}) {
    this.memoryCost = options.memoryCost ?? 19_456;
    this.timeCost = options.timeCost ?? 2;
    this.parallelism = options.parallelism ?? 1;
    const concurrency = options.concurrency ?? defaultArgon2Concurrency();
    const queue = options.queue ?? QUEUE_PER_SLOT * concurrency;
    this.limits = { concurrency, queue };
    this.slots = new BoundedConcurrency(
      concurrency,
      queue,
      () => new PasswordChecksBusy(BUSY_RETRY_AFTER_SECONDS),
    );
  }

  async hash(password: string): Promise<string> {
    const salt = await randomBytesAsync(SALT_BYTES);
    const digest = await this.slots.run(() =>
      argon2.hash(password, {
        type: argon2.argon2id,
        memoryCost: this.memoryCost,
        timeCost: this.timeCost,
        parallelism: this.parallelism,
        hashLength: HASH_BYTES,
        salt,
        raw: true,
      }),
    );
    // Written here rather than by the library, which puts the parameters in m,p,t order; the PHC
    // argon2 encoding (and parsers such as libargon2's own) require m,t,p.
    const params = `m=${this.memoryCost},t=${this.timeCost},p=${this.parallelism}`;
    return `$argon2id$v=19$${params}$${phcBase64(salt)}$${phcBase64(digest)}`;
  }

  /** Any argon2id, argon2i or argon2d PHC string, whatever its parameters. */
  async verify(hash: string, password: string): Promise<boolean> {
    if (!ARGON2_PHC.test(hash)) throw new Error('Password hash is not an argon2 PHC string');
    try {
      return await this.slots.run(() => argon2.verify(hash, password));
    } catch (error) {
      if (error instanceof PasswordChecksBusy) throw error;
      throw new Error('Password hash could not be read', { cause: error });
    }
  }
}

function phcBase64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
