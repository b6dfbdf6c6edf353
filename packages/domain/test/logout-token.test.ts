import { describe, expect, it } from 'vitest';
import { BACKCHANNEL_LOGOUT_EVENT, checkLogoutToken } from '../src/session/logout-token.js';

// decisions.md, "The provider's sign-outs": the claims of a logout token whose signature verified.

const NOW_S = 1_780_000_000;
const NOW = NOW_S * 1000;
const RULES = { issuer: 'https://idp.example', audiences: ['web-app', 'mobile-app'], maxAgeSeconds: 300 };

const claims = (overrides: Record<string, unknown> = {}) => {
  const all: Record<string, unknown> = {
    iss: RULES.issuer,
    aud: 'web-app',
    iat: NOW_S,
    exp: NOW_S + 120,
    jti: 'j-1',
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    sid: 's-1',
    sub: 'u-1',
    ...overrides,
  };
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== undefined));
};

describe('checkLogoutToken', () => {
  it('takes a logout token and returns what it ends', () => {
    expect(checkLogoutToken({ typ: 'logout+jwt' }, claims(), RULES, NOW)).toEqual({
      ok: true,
      value: { jti: 'j-1', issuedAt: NOW_S, sid: 's-1', sub: 'u-1' },
    });
  });

  it.each([
    ['typ logout+jwt', { typ: 'logout+jwt' }, {}],
    ['typ JWT (Keycloak before 25)', { typ: 'JWT' }, {}],
    ['typ in another case', { typ: 'Logout+JWT' }, {}],
    ['no typ', {}, {}],
    ['an aud list holding a client', {}, { aud: ['other', 'mobile-app'] }],
    ['sid alone', {}, { sub: undefined }],
    ['sub alone', {}, { sid: undefined }],
    ['an iat 30 s ahead', {}, { iat: NOW_S + 30 }],
    ['an iat as old as the age allows', {}, { iat: NOW_S - 300 }],
    ['an exp 30 s past', {}, { exp: NOW_S - 30 }],
  ])('takes %s', (_case, header: Record<string, unknown>, overrides: Record<string, unknown>) => {
    expect(checkLogoutToken(header, claims(overrides), RULES, NOW).ok).toBe(true);
  });

  it.each([
    ['typ at+jwt', { typ: 'at+jwt' }, {}],
    ['a typ that is no string', { typ: 1 }, {}],
    ['another iss', {}, { iss: 'https://other.example' }],
    ['no aud of the clients', {}, { aud: ['accounts'] }],
    ['no aud', {}, { aud: undefined }],
    ['no iat', {}, { iat: undefined }],
    ['an iat that is no number', {}, { iat: '1780000000' }],
    ['an iat 31 s ahead', {}, { iat: NOW_S + 31 }],
    ['an iat older than the age', {}, { iat: NOW_S - 301 }],
    ['no exp', {}, { exp: undefined }],
    ['an exp 31 s past', {}, { exp: NOW_S - 31 }],
    ['no jti', {}, { jti: undefined }],
    ['an empty jti', {}, { jti: '' }],
    ['a jti with a control character', {}, { jti: 'a\u0001b' }],
    ['no events', {}, { events: undefined }],
    ['events without the member', {}, { events: { 'urn:other': {} } }],
    ['an events member that is no object', {}, { events: { [BACKCHANNEL_LOGOUT_EVENT]: null } }],
    ['an events member that is a list', {}, { events: { [BACKCHANNEL_LOGOUT_EVENT]: [] } }],
    ['neither sub nor sid', {}, { sub: undefined, sid: undefined }],
    ['a sid longer than 255 characters', {}, { sid: 'x'.repeat(256) }],
    ['a sub that is no string', {}, { sub: 7 }],
    ['a sub holding NUL', {}, { sub: 'u\u0000' }],
    ['a nonce', {}, { nonce: 'n' }],
  ])('refuses %s', (_case, header: Record<string, unknown>, overrides: Record<string, unknown>) => {
    expect(checkLogoutToken(header, claims(overrides), RULES, NOW)).toMatchObject({
      ok: false,
      error: { type: 'InvalidLogoutToken' },
    });
  });
});
