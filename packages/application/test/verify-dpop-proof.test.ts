import { describe, expect, it } from 'vitest';
import { FixedClock, InMemoryReplayRecord } from '../src/testing/index.js';
import { VerifyDpopProof, type DpopProofReader, type SignedDpopProof } from '../src/index.js';

/** Proofs by name: what the reader would see in each, and whether its signature verifies. */
type FakeProof = { header: Record<string, unknown>; signed: SignedDpopProof | null };

class FakeDpopProofReader implements DpopProofReader {
  constructor(private readonly proofs: ReadonlyMap<string, FakeProof>) {}

  headerOf(proof: string) {
    return this.proofs.get(proof)?.header ?? null;
  }

  verify(proof: string) {
    return Promise.resolve(this.proofs.get(proof)?.signed ?? null);
  }
}

const WINDOW_SECONDS = 60;
const clock = new FixedClock(new Date('2026-11-28T12:00:00Z'));
const now = clock.now().getTime() / 1000;
const header = { typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' } };
const claims = {
  jti: 'jti-1',
  htm: 'GET',
  htu: 'https://accounts.example/api/me',
  iat: now,
  ath: 'token-hash',
};
const request = {
  method: 'GET',
  url: 'https://accounts.example/api/me',
  accessTokenHash: 'token-hash',
  jkt: 'jkt',
};

function setUp(proofs: Record<string, FakeProof>) {
  const replayRecord = new InMemoryReplayRecord(clock);
  const verify = new VerifyDpopProof(
    { proofs: new FakeDpopProofReader(new Map(Object.entries(proofs))), replayRecord, clock },
    WINDOW_SECONDS,
  );
  return { replayRecord, verify };
}

const good: FakeProof = { header, signed: { claims, thumbprint: 'jkt' } };

describe('VerifyDpopProof', () => {
  it('accepts a proof that holds every rule, and records its jti', async () => {
    const { verify, replayRecord } = setUp({ good });
    expect(await verify.execute({ ...request, proof: 'good' })).toEqual({ ok: true, value: undefined });
    expect(await replayRecord.firstUse('dpop', 'jti-1', 120)).toBe(false);
  });

  it('refuses the same proof a second time', async () => {
    const { verify } = setUp({ good });
    await verify.execute({ ...request, proof: 'good' });
    expect(await verify.execute({ ...request, proof: 'good' })).toEqual({
      ok: false,
      error: { type: 'InvalidDpopProof', check: 'replay' },
    });
  });

  it('keeps the jti for twice the iat window', async () => {
    const replayClock = new FixedClock(clock.now());
    const replayRecord = new InMemoryReplayRecord(replayClock);
    const reader = new FakeDpopProofReader(new Map([['good', good]]));
    const verify = new VerifyDpopProof({ proofs: reader, replayRecord, clock }, WINDOW_SECONDS);
    await verify.execute({ ...request, proof: 'good' });
    replayClock.advance((2 * WINDOW_SECONDS - 1) * 1000);
    expect(await replayRecord.firstUse('dpop', 'jti-1', 1)).toBe(false);
    replayClock.advance(2000);
    expect(await replayRecord.firstUse('dpop', 'jti-1', 1)).toBe(true);
  });

  it.each([
    ['format', 'unknown'],
    ['typ', 'untyped'],
    ['signature', 'unsigned'],
    ['jkt', 'other-key'],
  ])('refuses a proof that fails %s, and records nothing', async (check, proof) => {
    const { verify, replayRecord } = setUp({
      untyped: { header: { ...header, typ: 'JWT' }, signed: { claims, thumbprint: 'jkt' } },
      unsigned: { header, signed: null },
      'other-key': { header, signed: { claims, thumbprint: 'another' } },
    });
    expect(await verify.execute({ ...request, proof })).toEqual({
      ok: false,
      error: { type: 'InvalidDpopProof', check },
    });
    expect(await replayRecord.firstUse('dpop', 'jti-1', 120)).toBe(true);
  });

  it('rejects when the replay record cannot be reached: never accepted unchecked', async () => {
    const { verify, replayRecord } = setUp({ good });
    replayRecord.unreachable = true;
    await expect(verify.execute({ ...request, proof: 'good' })).rejects.toThrow();
  });
});
