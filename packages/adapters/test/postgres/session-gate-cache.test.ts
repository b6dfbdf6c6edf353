import type { SessionState } from '@accounts/application';
import { SESSION_STATE_MAX_AGE_MS, SessionGateCache } from '@accounts/adapters';
import { describe, expect, it } from 'vitest';

const LIVE: SessionState = {
  signOut: null,
  session: { id: 's1', lastSeenAt: new Date(0), expiresAt: new Date(3_600_000), revokedAt: null },
};
const REVOKED: SessionState = { signOut: null, session: { ...LIVE.session!, revokedAt: new Date(1) } };

/** A cache on a clock the test moves. */
function cacheAt(start = 1000) {
  const clock = { ms: start };
  return { clock, cache: new SessionGateCache(500, () => clock.ms) };
}

describe('SessionGateCache', () => {
  it("keeps the contract's 1 s across instances: a state read before another's revocation is gone within half of it", () => {
    const clock = { ms: 1000 };
    const cache = new SessionGateCache(undefined, () => clock.ms);
    cache.set('u1', 'sid:a', LIVE, clock.ms); // read just before another instance revokes it
    clock.ms += SESSION_STATE_MAX_AGE_MS - 1;
    expect(cache.get('u1', 'sid:a')).toBe(LIVE);
    clock.ms += 1;
    expect(cache.get('u1', 'sid:a')).toBeUndefined(); // the next request reads the revocation
    // The other half is the read's own time; the wall-clock run is sessions.test.ts on PostgreSQL.
    expect(SESSION_STATE_MAX_AGE_MS).toBeLessThanOrEqual(500);
  });

  it('serves a state for less than its maximum age from the moment its read was sent', () => {
    const { clock, cache } = cacheAt();
    cache.set('u1', 'sid:a', LIVE, clock.ms - 100);
    expect(cache.get('u1', 'sid:a')).toBe(LIVE);
    expect(cache.get('u1', 'sid:b')).toBeUndefined();
    expect(cache.get('u2', 'sid:a')).toBeUndefined();
    clock.ms += 399;
    expect(cache.get('u1', 'sid:a')).toBe(LIVE);
    clock.ms += 1;
    expect(cache.get('u1', 'sid:a')).toBeUndefined();
  });

  it('does not keep a state whose read is already as old as the maximum age', () => {
    const { clock, cache } = cacheAt();
    cache.set('u1', 'sid:a', LIVE, clock.ms - 500);
    expect(cache.get('u1', 'sid:a')).toBeUndefined();
  });

  it("forgets a user's states, and does not keep one read before the change", () => {
    const { clock, cache } = cacheAt();
    cache.set('u1', 'sid:a', LIVE, clock.ms);
    cache.set('u2', 'sid:a', LIVE, clock.ms);
    const inFlight = clock.ms + 1; // a read sent before the change commits…
    clock.ms += 2;
    cache.forget('u1');
    expect(cache.get('u1', 'sid:a')).toBeUndefined();
    expect(cache.get('u2', 'sid:a')).toBe(LIVE);
    clock.ms += 1;
    cache.set('u1', 'sid:a', LIVE, inFlight); // …and answered after it: its state is stale
    expect(cache.get('u1', 'sid:a')).toBeUndefined();
    cache.set('u1', 'sid:a', REVOKED, clock.ms);
    expect(cache.get('u1', 'sid:a')).toBe(REVOKED);
  });

  it('does not keep a state read before a change of a user it held nothing of', () => {
    const { clock, cache } = cacheAt();
    const inFlight = clock.ms;
    clock.ms += 1;
    cache.forget('u1');
    cache.set('u1', 'sid:a', LIVE, inFlight);
    expect(cache.get('u1', 'sid:a')).toBeUndefined();
  });

  it('holds a bounded number of tokens per user', () => {
    const { clock, cache } = cacheAt();
    for (let i = 0; i < 32; i++) cache.set('u1', `sha256:${i}`, LIVE, clock.ms);
    expect(cache.get('u1', 'sha256:0')).toBe(LIVE);
    cache.set('u1', 'sha256:32', LIVE, clock.ms);
    expect(cache.get('u1', 'sha256:0')).toBeUndefined();
    expect(cache.get('u1', 'sha256:32')).toBe(LIVE);
  });
});
