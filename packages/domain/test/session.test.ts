import { describe, expect, it } from 'vitest';
import {
  invalidSessionClaim,
  isLive,
  isRemovable,
  isRevoked,
  issuedAtOf,
  issuedBeforeOf,
  sessionKeyOf,
  signatureSpellings,
  timeClaimOf,
  touchOf,
  userAgentOf,
  webhookBody,
  webhookEventOf,
  webhookShares,
  type SessionUse,
} from '@accounts/domain';

const NOW = new Date('2026-03-01T12:00:00.400Z');
const T = Math.floor(NOW.getTime() / 1000);
const digests = { signedPart: () => 'abc123', spellings: () => ['d1', 'd2'] };

describe('sessionKeyOf', () => {
  it.each([
    [
      { sid: 's-1', jti: 'j-1' },
      { key: 'sid:s-1', sid: 's-1' },
    ],
    [{ jti: 'j-1' }, { key: 'jti:j-1', sid: null }],
    [{}, { key: 'signed:abc123', sid: null }],
    [
      { sid: '', jti: 'j-1' },
      { key: 'jti:j-1', sid: null },
    ],
    [
      { sid: 42, jti: '' },
      { key: 'signed:abc123', sid: null },
    ],
  ])('keys %j as %j', (claims, expected) => {
    const { legacyKeys: _legacyKeys, ...key } = sessionKeyOf(claims, digests);
    expect(key).toEqual(expected);
  });

  it('gives a token keyed by its signed part the old whole-token keys of its spellings, asked for only then', () => {
    let asked = 0;
    const counted = { signedPart: () => String(++asked), spellings: () => [String(++asked)] };
    expect(sessionKeyOf({ sid: 's' }, counted).legacyKeys).toBeUndefined();
    expect(sessionKeyOf({ jti: 'j' }, counted).legacyKeys).toBeUndefined();
    expect(asked).toBe(0);
    const key = sessionKeyOf({}, counted);
    expect(asked).toBe(1);
    expect(key.legacyKeys?.()).toEqual(['sha256:2']);
  });
});

describe('signatureSpellings', () => {
  // base64url carries 6 bits a character: a signature whose bytes do not fill its last character
  // leaves its low bits unused, and every value of them decodes to the same signature.
  const signed = (signatureBytes: number) =>
    `eyJhbGciOiJIUzI1NiJ9.e30.${Buffer.alloc(signatureBytes, 0xa5).toString('base64url')}`;

  it.each([
    ['HS256 (32 bytes, 2 unused bits)', 32, 4],
    ['RS256 (256 bytes, 4 unused bits)', 256, 16],
    ['ES256 (64 bytes, 4 unused bits)', 64, 16],
    ['a signature that fills its characters', 48, 1],
  ])('%s: %i spellings, the token among them, each the same signature', (_name, bytes, count) => {
    const token = signed(bytes);
    const spellings = signatureSpellings(token);
    expect(spellings).toHaveLength(count);
    expect(new Set(spellings).size).toBe(count);
    expect(spellings).toContain(token);
    const signature = (spelling: string) => Buffer.from(spelling.split('.')[2] ?? '', 'base64url');
    for (const spelling of spellings) expect(signature(spelling)).toEqual(signature(token));
  });
});

describe('invalidSessionClaim', () => {
  const MAX = 253_402_300_799;
  it.each([
    ['no claims to check', {}, null],
    ['a sid of 255 characters', { sid: 's'.repeat(255) }, null],
    ['a sid of 255 characters outside the BMP', { sid: '😀'.repeat(255) }, null],
    ['a sid of 256 characters', { sid: 's'.repeat(256) }, 'sid'],
    ['a jti of 256 characters', { jti: 'j'.repeat(256) }, 'jti'],
    ['a NUL in the sid', { sid: 'a\u0000b' }, 'sid'],
    ['a unit separator in the jti', { jti: 'a\u001fb' }, 'jti'],
    ['DEL in the sid', { sid: 'a\u007f' }, 'sid'],
    ['a tab in the jti', { jti: 'a\tb' }, 'jti'],
    ['a sid that is no string keys nothing', { sid: 42 }, null],
    ['exp at the last second of 9999', { exp: MAX }, null],
    ['exp a fraction past it, truncated', { exp: MAX + 0.9 }, null],
    ['exp past 9999', { exp: MAX + 1 }, 'exp'],
    ['exp far past the date range', { exp: 1e20 }, 'exp'],
    ['exp before 1970', { exp: -1 }, 'exp'],
    ['exp as text', { exp: '100' }, 'exp'],
    ['iat 0', { exp: 100, iat: 0 }, null],
    ['iat a fraction below 0, truncated to 0', { iat: -0.5 }, null],
    ['iat before 1970', { iat: -1 }, 'iat'],
    ['iat as text', { iat: '100' }, 'iat'],
    ['iat null', { iat: null }, 'iat'],
    ['nbf past 9999', { nbf: MAX + 1 }, 'nbf'],
  ] as const)('%s: %s', (_name, claims, expected) => {
    expect(invalidSessionClaim(claims)).toBe(expected);
  });

  it('truncates a time claim to whole seconds', () => {
    expect(timeClaimOf(1.9)).toBe(1);
    expect(Object.is(timeClaimOf(-0.5), 0)).toBe(true);
    expect(timeClaimOf(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('issuedAtOf and userAgentOf', () => {
  it.each([
    [{ iat: 100 }, 100],
    [{ iat: 100.7 }, 100],
    [{ iat: '100' }, undefined],
    [{ iat: Number.NaN }, undefined],
    [{}, undefined],
  ])('iat of %j is %j', (claims, expected) => {
    expect(issuedAtOf(claims)).toBe(expected);
  });

  it('keeps the first 256 characters of the User-Agent, null without one', () => {
    expect(userAgentOf('a'.repeat(300))).toBe('a'.repeat(256));
    expect(userAgentOf(undefined)).toBeNull();
  });
});

describe('isRevoked', () => {
  const signOut = { issuedBefore: issuedBeforeOf(NOW), keptSessionId: null };
  const kept = { issuedBefore: issuedBeforeOf(NOW), keptSessionId: 'kept' };
  const live = { id: 'a', revokedAt: null };
  const revoked = { id: 'a', revokedAt: NOW };
  it.each([
    ['an unknown session, no sign-out', null, null, T, false],
    ['a live session, no sign-out, no iat', live, null, undefined, false],
    ['a revoked session, even with a later iat', revoked, null, T + 100, true],
    [
      'a revoked session kept by revoke-others is still revoked',
      { id: 'kept', revokedAt: NOW },
      kept,
      T + 5,
      true,
    ],
    ['iat at T', live, signOut, T, true],
    ['iat before T', live, signOut, T - 60, true],
    ['iat at T + 1', live, signOut, T + 1, false],
    ['no iat once signed out', live, signOut, undefined, true],
    ['an unknown session with iat at T', null, signOut, T, true],
    ['an unknown session with iat at T + 1', null, signOut, T + 1, false],
    ['the kept session, iat at T', { id: 'kept', revokedAt: null }, kept, T, false],
    ['the kept session, no iat', { id: 'kept', revokedAt: null }, kept, undefined, false],
    ['another session beside the kept one', live, kept, T, true],
  ] as const)('%s', (_name, session, moment, issuedAt, expected) => {
    expect(isRevoked({ session, signOut: moment, issuedAt })).toBe(expected);
  });
});

describe('issuedBeforeOf', () => {
  it('is the next whole second', () => {
    expect(issuedBeforeOf(NOW).getTime()).toBe((T + 1) * 1000);
    expect(issuedBeforeOf(new Date(T * 1000)).getTime()).toBe((T + 1) * 1000);
  });
});

describe('touchOf', () => {
  const use: SessionUse = {
    issuedAt: T,
    expiresAt: new Date(NOW.getTime() + 3_600_000),
    address: '10.0.0.2',
    userAgent: 'UA/2',
  };
  const session = { lastSeenAt: new Date(NOW.getTime() - 59_999), expiresAt: use.expiresAt };

  it('writes nothing within a minute of the last use', () => {
    expect(touchOf(session, use, NOW)).toBeNull();
  });

  it('moves lastSeenAt with the address and User-Agent a minute on', () => {
    expect(touchOf({ ...session, lastSeenAt: new Date(NOW.getTime() - 60_000) }, use, NOW)).toEqual({
      lastSeenAt: NOW,
      address: '10.0.0.2',
      userAgent: 'UA/2',
    });
  });

  it('moves expiresAt to a later exp only', () => {
    const later = new Date(use.expiresAt.getTime() + 1000);
    expect(touchOf(session, { ...use, expiresAt: later }, NOW)).toEqual({ expiresAt: later });
    expect(touchOf({ ...session, expiresAt: later }, use, NOW)).toBeNull();
  });
});

describe('isLive and isRemovable', () => {
  const day = 24 * 3_600_000;
  it.each([
    [{ revokedAt: null, expiresAt: new Date(NOW.getTime() + 1) }, true],
    [{ revokedAt: null, expiresAt: NOW }, true],
    // A token is accepted up to 30 s after its exp: its session is live as long.
    [{ revokedAt: null, expiresAt: new Date(NOW.getTime() - 30_000) }, true],
    [{ revokedAt: null, expiresAt: new Date(NOW.getTime() - 30_001) }, false],
    [{ revokedAt: NOW, expiresAt: new Date(NOW.getTime() + day) }, false],
  ])('live %j: %s', (session, expected) => {
    expect(isLive(session, NOW)).toBe(expected);
  });

  it.each([
    ['expired less than a day ago', { revokedAt: null, expiresAt: new Date(NOW.getTime() - day) }, false],
    ['expired more than a day ago', { revokedAt: null, expiresAt: new Date(NOW.getTime() - day - 1) }, true],
    ['revoked 30 days ago', { revokedAt: new Date(NOW.getTime() - 30 * day), expiresAt: NOW }, false],
    [
      'revoked more than 30 days ago',
      { revokedAt: new Date(NOW.getTime() - 30 * day - 1), expiresAt: NOW },
      true,
    ],
  ])('%s: removable %s', (_name, session, expected) => {
    expect(isRemovable(session, NOW)).toBe(expected);
  });
});

describe('webhookShares', () => {
  const revocation = (count: number) =>
    ({
      userId: 'u1',
      event: 'SESSIONS_REVOKE',
      details: { scope: 'all', count },
      revocation: {
        kind: 'sessions',
        issuedBefore: '2026-03-01T12:00:01.000Z',
        sids: Array.from({ length: count }, (_, i) => `s${i}`),
      },
    }) as const;

  it('keeps a record of at most 100 sids whole, and any other record', () => {
    const hundred = revocation(100);
    expect(webhookShares(hundred)).toEqual([hundred]);
    const other = { userId: 'u1', event: 'USER_DISABLE', details: {} } as const;
    expect(webhookShares(other)).toEqual([other]);
  });

  it('splits more into shares of 100, in order, each with the same details and issuedBefore', () => {
    const record = revocation(201);
    const shares = webhookShares(record);
    expect(
      shares.map((share) => (share.revocation?.kind === 'sessions' ? share.revocation.sids.length : 0)),
    ).toEqual([100, 100, 1]);
    expect(
      shares.flatMap((share) => (share.revocation?.kind === 'sessions' ? share.revocation.sids : [])),
    ).toEqual(record.revocation.sids);
    for (const share of shares) {
      expect(share).toMatchObject({
        details: record.details,
        revocation: { issuedBefore: '2026-03-01T12:00:01.000Z' },
      });
    }
  });
});

describe('the revocation webhooks', () => {
  it('session.revoked carries the session id and its sid, null without one', () => {
    const event = webhookEventOf(
      {
        userId: 'u1',
        event: 'SESSION_REVOKE',
        details: { sessionId: 'id-1', initiator: 'user' },
        revocation: { kind: 'session', sid: null },
      },
      { at: NOW },
    );
    expect(event && JSON.parse(webhookBody(event))).toEqual({
      type: 'session.revoked',
      timestamp: NOW.toISOString(),
      data: { userId: 'u1', sessionId: 'id-1', sid: null, initiator: 'user' },
    });
  });

  it('sessions.revoked carries the scope, issuedBefore and the sids', () => {
    const event = webhookEventOf(
      {
        userId: 'u1',
        event: 'SESSIONS_REVOKE',
        details: { scope: 'all', count: 2, initiator: 'idp' },
        revocation: { kind: 'sessions', issuedBefore: '2026-03-01T12:00:01.000Z', sids: ['s1'] },
      },
      { at: NOW },
    );
    expect(event && JSON.parse(webhookBody(event))).toEqual({
      type: 'sessions.revoked',
      timestamp: NOW.toISOString(),
      data: {
        userId: 'u1',
        issuedBefore: '2026-03-01T12:00:01.000Z',
        scope: 'all',
        sids: ['s1'],
        initiator: 'idp',
      },
    });
  });
});
