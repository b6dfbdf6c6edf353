import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { JoseProviderKeySet } from '@accounts/adapters';
import { FixedClock, RecordingLogger } from '@accounts/application/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The key set's rules (decisions.md, "Keys from the provider") on a fake read, fake timers and a
// fixed clock: no test here waits on the wall clock.

const MAX_AGE_MS = 600_000;
const COOLDOWN_MS = 30_000;

type Jwk = Record<string, unknown>;

let kidCount = 0;
function rsaKey(extra: Jwk = {}, bits = 2048): Jwk {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return { ...publicKey.export({ format: 'jwk' }), kid: `rsa-${++kidCount}`, use: 'sig', ...extra };
}
function ecKey(curve = 'P-256', extra: Jwk = {}): Jwk {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: curve });
  return { ...publicKey.export({ format: 'jwk' }), kid: `ec-${++kidCount}`, ...extra };
}
function edKey(extra: Jwk = {}): Jwk {
  const { publicKey } = generateKeyPairSync('ed25519');
  return { ...publicKey.export({ format: 'jwk' }), kid: `ed-${++kidCount}`, ...extra };
}

/** The same public key as `jwk`, compared through Node: what the PEM handed out verifies with. */
const sameKey = (pem: string, jwk: Jwk) =>
  createPublicKey(pem).export({ format: 'jwk' }).n === jwk.n &&
  createPublicKey(pem).export({ format: 'jwk' }).x === jwk.x;

/** A provider whose set the test changes; each read answers the set of that moment, or fails. */
class FakeProvider {
  keys: Jwk[] = [];
  reads = 0;
  /** Set: the next reads fail with it (or hang, when 'hang'). */
  failure: Error | 'hang' | null = null;
  /** The reads that hang, failed at the end of the test (a real read ends at its timeout). */
  readonly hanging: ((error: Error) => void)[] = [];
  /** Set: the next reads answer this document instead of the key set. */
  document: unknown;
  readonly read = () => {
    this.reads++;
    if (this.failure === 'hang') {
      return new Promise<never>((_resolve, reject) => this.hanging.push(reject));
    }
    if (this.failure) return Promise.reject(this.failure);
    if (this.document !== undefined) return Promise.resolve(this.document);
    return Promise.resolve({ keys: this.keys.map((key) => ({ ...key })) });
  };
}

let provider: FakeProvider;
let clock: FixedClock;
let logger: RecordingLogger;
let keySets: JoseProviderKeySet[];

function keySet(options: { algorithms?: ('RS256' | 'PS256' | 'ES256' | 'EdDSA')[] } = {}) {
  const set = new JoseProviderKeySet({
    issuer: 'https://idp.example',
    algorithms: options.algorithms ?? ['RS256', 'PS256', 'ES256', 'EdDSA'],
    read: provider.read,
    source: 'https://idp.example',
    maxAgeMs: MAX_AGE_MS,
    cooldownMs: COOLDOWN_MS,
    clock,
    logger,
  });
  keySets.push(set);
  return set;
}

/** Lets the pending reads and their follow-ups settle (fake timers do not move). */
const settle = () => vi.advanceTimersByTimeAsync(0);

async function started(options: Parameters<typeof keySet>[0] = {}) {
  const set = keySet(options);
  set.start();
  await settle();
  return set;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  provider = new FakeProvider();
  clock = new FixedClock(new Date('2026-03-01T00:00:00Z'));
  logger = new RecordingLogger();
  keySets = [];
});

afterEach(async () => {
  provider.failure = null;
  for (const reject of provider.hanging) reject(new Error('timed out'));
  for (const set of keySets) {
    const closing = set.close();
    await settle();
    await closing;
  }
  vi.useRealTimers();
});

describe('JoseProviderKeySet before its first read', () => {
  it('is not ready, and answers KeysUnavailable to any token', async () => {
    provider.failure = new Error('connect ECONNREFUSED');
    const set = await started();
    expect(set.isReady()).toBe(false);
    expect(await set.keyFor({ alg: 'RS256', kid: 'any' })).toEqual({
      ok: false,
      error: { type: 'KeysUnavailable' },
    });
  });

  it('retries the read at least every 10 s until one succeeds, then is ready', async () => {
    provider.failure = new Error('connect ECONNREFUSED');
    const set = await started();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(provider.reads).toBeGreaterThanOrEqual(3); // the first, then one per 5 s
    const key = rsaKey();
    provider.keys = [key];
    provider.failure = null;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(set.isReady()).toBe(true);
    const chosen = await set.keyFor({ alg: 'RS256', kid: key.kid });
    expect(chosen.ok && sameKey(chosen.value, key)).toBe(true);
  });

  it('logs the failure once at warn, not once per attempt', async () => {
    provider.failure = new Error('connect ECONNREFUSED');
    await started();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(provider.reads).toBeGreaterThan(5);
    const warnings = logger.entries.filter((entry) => entry.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('token routes answer 503');
  });
});

describe('JoseProviderKeySet key choice', () => {
  it('chooses the key by kid among keys of every accepted kind', async () => {
    const keys = [rsaKey(), rsaKey({ alg: 'PS256' }), ecKey(), edKey()];
    provider.keys = keys;
    const set = await started();
    const cases = [
      ['RS256', keys[0]],
      ['PS256', keys[1]],
      ['ES256', keys[2]],
      ['EdDSA', keys[3]],
    ] as const;
    for (const [alg, key] of cases) {
      const chosen = await set.keyFor({ alg, kid: key?.kid });
      expect(chosen.ok && sameKey(chosen.value, key!), alg).toBe(true);
    }
  });

  it.each([['none'], ['HS256'], ['RS512'], ['ES384'], [undefined], [42]])(
    'refuses alg %s without a read',
    async (alg) => {
      provider.keys = [rsaKey()];
      const set = await started();
      const reads = provider.reads;
      clock.advance(COOLDOWN_MS);
      expect(await set.keyFor({ alg, kid: 'unknown' })).toEqual({
        ok: false,
        error: { type: 'AlgorithmNotAccepted' },
      });
      expect(provider.reads).toBe(reads);
    },
  );

  it('takes only the algorithms it was narrowed to (JWT_ALGORITHMS), and keys of those kinds', async () => {
    const rsa = rsaKey();
    const ec = ecKey();
    provider.keys = [rsa, ec];
    const set = await started({ algorithms: ['ES256'] });
    expect((await set.keyFor({ alg: 'RS256', kid: rsa.kid })).ok).toBe(false);
    expect((await set.keyFor({ alg: 'ES256', kid: ec.kid })).ok).toBe(true);
  });

  it.each([
    ['use "enc"', () => rsaKey({ use: 'enc' })],
    ['an RSA key of 1024 bits', () => rsaKey({}, 1024)],
    ["an alg other than the token's", () => rsaKey({ alg: 'PS256' })],
    ['key_ops without verify', () => rsaKey({ key_ops: ['encrypt'] })],
    [
      'a private member',
      () => ({
        ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
        kid: 'private-1',
      }),
    ],
    ['a curve other than P-256', () => ecKey('P-384', { alg: 'ES256' })],
    [
      'a symmetric key',
      () => ({ kty: 'oct', k: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA', kid: 'oct-1' }),
    ],
  ])('never uses a key with %s, and re-reads nothing for its kid', async (_name, make) => {
    const key = make() as Jwk;
    provider.keys = [key];
    const set = await started();
    clock.advance(COOLDOWN_MS);
    const alg = key.kty === 'EC' ? 'ES256' : 'RS256';
    expect(await set.keyFor({ alg, kid: key.kid })).toEqual({ ok: false, error: { type: 'NoMatchingKey' } });
    expect(provider.reads).toBe(1);
  });

  it('takes a token without kid only when exactly one key fits its alg', async () => {
    const rsa = rsaKey({ kid: undefined });
    const ec = ecKey();
    provider.keys = [rsa, ec];
    const set = await started();
    const chosen = await set.keyFor({ alg: 'RS256' });
    expect(chosen.ok && sameKey(chosen.value, rsa)).toBe(true);

    provider.keys = [rsa, ec, rsaKey()];
    clock.advance(MAX_AGE_MS);
    await vi.advanceTimersByTimeAsync(MAX_AGE_MS);
    expect(await set.keyFor({ alg: 'RS256' })).toEqual({ ok: false, error: { type: 'AmbiguousKey' } });
    expect((await set.keyFor({ alg: 'ES256' })).ok).toBe(true);
  });

  it('refuses a kid two keys of the set share (JWKSMultipleMatchingKeys)', async () => {
    provider.keys = [rsaKey({ kid: 'twice' }), rsaKey({ kid: 'twice' })];
    const set = await started();
    expect(await set.keyFor({ alg: 'RS256', kid: 'twice' })).toEqual({
      ok: false,
      error: { type: 'AmbiguousKey' },
    });
  });

  it('looks at the first 100 keys of a set only', async () => {
    const keys = Array.from({ length: 101 }, () => ecKey());
    provider.keys = keys;
    const set = await started();
    expect((await set.keyFor({ alg: 'ES256', kid: keys[99]?.kid })).ok).toBe(true);
    expect((await set.keyFor({ alg: 'ES256', kid: keys[100]?.kid })).ok).toBe(false);
  });
});

describe('JoseProviderKeySet re-reads', () => {
  it('re-reads at once for an unknown kid, and verifies that token against the fresh set', async () => {
    provider.keys = [rsaKey()];
    const set = await started();
    const rotated = rsaKey();
    provider.keys = [...provider.keys, rotated];
    clock.advance(COOLDOWN_MS);
    const chosen = await set.keyFor({ alg: 'RS256', kid: rotated.kid });
    expect(chosen.ok && sameKey(chosen.value, rotated)).toBe(true);
    expect(provider.reads).toBe(2);
  });

  it('makes one read for a flood of 200 unknown kids, and none more within the cooldown', async () => {
    provider.keys = [rsaKey()];
    const set = await started();
    clock.advance(COOLDOWN_MS);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => set.keyFor({ alg: 'RS256', kid: `made-up-${i}` })),
    );
    expect(answers.every((answer) => !answer.ok && answer.error.type === 'NoMatchingKey')).toBe(true);
    expect(provider.reads).toBe(2);
    clock.advance(COOLDOWN_MS - 1);
    await set.keyFor({ alg: 'RS256', kid: 'made-up-again' });
    expect(provider.reads).toBe(2);
    clock.advance(1);
    await set.keyFor({ alg: 'RS256', kid: 'made-up-again' });
    expect(provider.reads).toBe(3);
  });

  it('counts the cooldown from the last attempt, a failed one too', async () => {
    provider.keys = [rsaKey()];
    const set = await started();
    clock.advance(COOLDOWN_MS);
    provider.failure = new Error('connect ECONNREFUSED');
    await set.keyFor({ alg: 'RS256', kid: 'unknown-1' }); // a failed attempt
    expect(provider.reads).toBe(2);
    provider.failure = null;
    clock.advance(COOLDOWN_MS - 1);
    await set.keyFor({ alg: 'RS256', kid: 'unknown-2' });
    expect(provider.reads).toBe(2);
  });

  it('re-reads in the background every max age; a removed key is refused from then on', async () => {
    const old = rsaKey();
    const next = rsaKey();
    provider.keys = [old, next];
    const set = await started();
    expect((await set.keyFor({ alg: 'RS256', kid: old.kid })).ok).toBe(true);
    provider.keys = [next];
    await vi.advanceTimersByTimeAsync(MAX_AGE_MS - 1);
    expect((await set.keyFor({ alg: 'RS256', kid: old.kid })).ok).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(provider.reads).toBe(2);
    expect(await set.keyFor({ alg: 'RS256', kid: old.kid })).toEqual({
      ok: false,
      error: { type: 'NoMatchingKey' },
    });
  });
});

describe('JoseProviderKeySet through a provider outage', () => {
  it('keeps the keys it has, without waiting on the provider, and stays ready', async () => {
    const key = rsaKey();
    provider.keys = [key];
    const set = await started();
    provider.failure = 'hang';
    await vi.advanceTimersByTimeAsync(MAX_AGE_MS); // a background read now hangs
    expect(provider.reads).toBe(2);
    const chosen = await set.keyFor({ alg: 'RS256', kid: key.kid });
    expect(chosen.ok && sameKey(chosen.value, key)).toBe(true);
    expect(set.isReady()).toBe(true);
  });

  it('logs a failed re-read once per outage at warn, and its end', async () => {
    const key = rsaKey();
    provider.keys = [key];
    const set = await started();
    provider.failure = new Error('connect ECONNREFUSED');
    await vi.advanceTimersByTimeAsync(MAX_AGE_MS + 10 * COOLDOWN_MS);
    clock.advance(COOLDOWN_MS);
    expect(await set.keyFor({ alg: 'RS256', kid: 'unknown' })).toEqual({
      ok: false,
      error: { type: 'NoMatchingKey' },
    });
    expect((await set.keyFor({ alg: 'RS256', kid: key.kid })).ok).toBe(true);
    expect(provider.reads).toBeGreaterThan(5);
    expect(logger.entries.filter((entry) => entry.level !== 'info')).toEqual([
      {
        level: 'warn',
        details: { source: 'https://idp.example', cause: 'connect ECONNREFUSED' },
        message: 'Identity provider keys could not be read; the keys read before stay in use',
      },
    ]);
    provider.failure = null;
    await vi.advanceTimersByTimeAsync(COOLDOWN_MS);
    expect(logger.entries.at(-1)).toMatchObject({
      level: 'info',
      message: 'Identity provider keys read again',
    });
  });

  it.each([[{ keys: 'none' }], [[]], ['text'], [null]])(
    'treats %j, which is no key set, as a failed read',
    async (document) => {
      provider.document = document;
      const set = await started();
      expect(set.isReady()).toBe(false);
      expect(logger.entries[0]?.details.cause).toContain('not a JSON Web Key Set');
    },
  );
});
