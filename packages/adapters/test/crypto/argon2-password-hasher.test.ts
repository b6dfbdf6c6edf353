import { availableParallelism } from 'node:os';
import * as argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import { observeEventLoop } from '../support/event-loop.js';
import { Argon2PasswordHasher, defaultArgon2Concurrency, threadPoolSize } from '@accounts/adapters';
import { PasswordChecksBusy } from '@accounts/application';

/** Small parameters keep these tests fast; the defaults are checked on the hash they produce. */
const fast = new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1 });

describe('Argon2PasswordHasher', () => {
  it('hashes with argon2id m=19456 t=2 p=1 by default, as a PHC string in m,t,p order', async () => {
    const hash = await new Argon2PasswordHasher().hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it('verifies its own hash and refuses a wrong password', async () => {
    const hash = await fast.hash('correct horse');
    await expect(fast.verify(hash, 'correct horse')).resolves.toBe(true);
    await expect(fast.verify(hash, 'correct horsE')).resolves.toBe(false);
  });

  it('refuses checks past its concurrency and queue with PasswordChecksBusy, and runs the others', async () => {
    const bounded = new Argon2PasswordHasher({ memoryCost: 1024, timeCost: 1, concurrency: 1, queue: 2 });
    const hash = await bounded.hash('correct horse');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => bounded.verify(hash, 'correct horse')),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
    ]);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(PasswordChecksBusy);
    expect((refused?.reason as PasswordChecksBusy).retryAfterSeconds).toBe(1);
    await expect(bounded.verify(hash, 'correct horse')).resolves.toBe(true);
  });

  it('defaults to one computation per CPU, leaving one pool thread to the rest of the process', () => {
    expect(threadPoolSize({})).toBe(4);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: '9' })).toBe(9);
    expect(threadPoolSize({ UV_THREADPOOL_SIZE: 'many' })).toBe(4);
    expect(defaultArgon2Concurrency({ UV_THREADPOOL_SIZE: '1' })).toBe(1);
    expect(defaultArgon2Concurrency({ UV_THREADPOOL_SIZE: '2' })).toBe(1);
    expect(defaultArgon2Concurrency({ UV_THREADPOOL_SIZE: '1024' })).toBe(availableParallelism());
    expect(new Argon2PasswordHasher({ concurrency: 3 }).limits).toEqual({ concurrency: 3, queue: 24 });
  });

  it('salts every hash', async () => {
    expect(await fast.hash('same')).not.toBe(await fast.hash('same'));
  });

  it('verifies a hash from the argon2 reference implementation (argon2i, m=65536 t=2 p=4)', async () => {
    // phc-winner-argon2 README: `echo -n "password" | ./argon2 somesalt -t 2 -m 16 -p 4 -l 24`
    const reference = '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG';
    await expect(fast.verify(reference, 'password')).resolves.toBe(true);
    await expect(fast.verify(reference, 'passwore')).resolves.toBe(false);
  });

  it.each([
    ['argon2id', argon2.argon2id],
    ['argon2i', argon2.argon2i],
    ['argon2d', argon2.argon2d],
  ] as const)('verifies a %s hash made with other parameters', async (_name, type) => {
    const hash = await argon2.hash('s3cret', { type, memoryCost: 2048, timeCost: 3, parallelism: 2 });
    await expect(fast.verify(hash, 's3cret')).resolves.toBe(true);
    await expect(fast.verify(hash, 'S3cret')).resolves.toBe(false);
  });

  it.each([
    '',
    'plain text',
    '$2b$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy',
    '$scrypt$ln=16,r=8,p=1$aM15713r3Xsvxbi31lqr1Q$nFNh2CVHVjNldFVKDHDlm4CbdRSCdEBsjjJxD+iCs5E',
    '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ',
    '$argon2id$v=19$m=19456,t=2,p=1$!!!$RdescudvJCsgt3ub',
    '$argon2id$v=19$m=abc,t=2,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub',
  ])('throws on a hash it cannot read: %j', async (hash) => {
    await expect(fast.verify(hash, 'password')).rejects.toThrow(/argon2|could not be read/);
  });

  it('keeps the event loop responsive while four verifications run', async () => {
    const hasher = new Argon2PasswordHasher({ memoryCost: 65_536, timeCost: 3 }); // ~0.2 s a verify
    const hash = await hasher.hash('correct horse');
    const { results, ticksBeforeFirstResult } = await observeEventLoop(
      [1, 2, 3, 4].map(() => () => hasher.verify(hash, 'correct horse')),
    );

    expect(results).toEqual([true, true, true, true]);
    // Computed on the event loop, the four would run back to back before any timer could fire:
    // no tick before the first result. (Ticks, not the gaps between them: a loaded machine's
    // scheduler stretches any gap.)
    expect(ticksBeforeFirstResult).toBeGreaterThanOrEqual(3);
  });
});
