import { describe, expect, it } from 'vitest';
import {
  CAEP_CREDENTIAL_CHANGE,
  CAEP_SESSION_REVOKED,
  grantsSsfAccess,
  RISC_ACCOUNT_PURGED,
  SSF_EVENTS_SUPPORTED,
  ssfEventsDelivered,
  ssfReceiverOf,
  ssfVerificationTooSoon,
} from '../src/index.js';

describe('events_delivered', () => {
  it.each([
    ['none requested: every supported event', null, SSF_EVENTS_SUPPORTED],
    [
      'the supported ones of those requested, unknown URIs ignored',
      [RISC_ACCOUNT_PURGED, 'urn:x:unknown', CAEP_SESSION_REVOKED],
      [CAEP_SESSION_REVOKED, RISC_ACCOUNT_PURGED],
    ],
    ['nothing when nothing known is requested', ['urn:x:unknown'], []],
    ['an empty request: nothing', [], []],
  ])('%s', (_name, requested, delivered) => {
    expect(ssfEventsDelivered(requested)).toEqual(delivered);
  });

  it('supports the five events of the contract', () => {
    expect(SSF_EVENTS_SUPPORTED).toHaveLength(5);
    expect(SSF_EVENTS_SUPPORTED).toContain(CAEP_CREDENTIAL_CHANGE);
  });
});

describe("a receiver's scope", () => {
  it.each([
    ['ssf.manage', 'ssf.manage', true],
    ['ssf.manage', 'ssf.read', true],
    ['ssf.read', 'ssf.read', true],
    ['ssf.read', 'ssf.manage', false],
    ['openid ssf.manage.poll', 'ssf.manage', true],
    ['ssf.read.streams', 'ssf.read', true],
    ['ssf.managed', 'ssf.manage', false],
    ['ssf', 'ssf.read', false],
    ['accounts:admin', 'ssf.read', false],
    [['ssf.manage'], 'ssf.manage', false],
    [undefined, 'ssf.read', false],
  ] as const)('scope %j grants %s: %s', (scope, access, granted) => {
    expect(grantsSsfAccess(scope, access)).toBe(granted);
  });
});

describe('the receiver of a token', () => {
  it.each([
    [{ client_id: 'c', azp: 'a', sub: 's' }, 'c'],
    [{ azp: 'a', sub: 's' }, 'a'],
    [{ sub: 's' }, 's'],
    [{ client_id: '', sub: 's' }, 's'],
    [{}, null],
  ])('%j speaks for %s', (claims, receiver) => {
    expect(ssfReceiverOf(claims)).toBe(receiver);
  });
});

describe('min_verification_interval', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  it.each([
    [null, 0, false],
    [0, 29, true],
    [0, 30, false],
  ])('last %s, now %s: too soon %s', (last, now, tooSoon) => {
    expect(ssfVerificationTooSoon(last === null ? null : at(last), at(now))).toBe(tooSoon);
  });
});
