import { describe, expect, it } from 'vitest';
import {
  dpopClaimsProblem,
  dpopHeaderProblem,
  normalizeHttpUrl,
  type DpopExpectation,
} from '../src/index.js';

describe('normalizeHttpUrl', () => {
  it.each([
    ['HTTPS://Example.COM/api/me', 'https://example.com/api/me'],
    ['https://example.com:443/api/me', 'https://example.com/api/me'],
    ['http://example.com:80/api/me', 'http://example.com/api/me'],
    ['https://example.com:/api/me', 'https://example.com/api/me'],
    ['https://example.com:8443/api/me', 'https://example.com:8443/api/me'],
    ['http://example.com:443/x', 'http://example.com:443/x'],
    ['https://example.com', 'https://example.com/'],
    ['https://example.com/%7Euser/%61pi', 'https://example.com/~user/api'],
    ['https://example.com/a%2fb', 'https://example.com/a%2Fb'],
    ['https://example.com/a/./b/../c', 'https://example.com/a/c'],
    ['https://example.com/api/me?x=1#frag', 'https://example.com/api/me'],
    ['https://[::1]:3000/api', 'https://[::1]:3000/api'],
  ])('normalises %s as %s', (url, normalised) => {
    expect(normalizeHttpUrl(url)).toBe(normalised);
  });

  it.each(['ftp://example.com/x', '/api/me', 'https:///api', 'https://example.com:99999/', 'not a url'])(
    'refuses %s',
    (url) => {
      expect(normalizeHttpUrl(url)).toBeNull();
    },
  );
});

describe('dpopHeaderProblem', () => {
  const jwk = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' };
  const header = { typ: 'dpop+jwt', alg: 'ES256', jwk };

  it('accepts a proof header with an accepted algorithm and a public key', () => {
    expect(dpopHeaderProblem(header)).toBeNull();
    for (const alg of ['RS256', 'PS256', 'EdDSA']) expect(dpopHeaderProblem({ ...header, alg })).toBeNull();
  });

  it.each([
    ['typ', { ...header, typ: 'JWT' }],
    ['typ', { alg: 'ES256', jwk }],
    ['alg', { ...header, alg: 'HS256' }],
    ['alg', { ...header, alg: 'none' }],
    ['jwk', { typ: 'dpop+jwt', alg: 'ES256' }],
    ['jwk', { ...header, jwk: 'key' }],
    ['jwk', { ...header, jwk: { ...jwk, d: 'private' } }],
    ['jwk', { ...header, jwk: { kty: 'RSA', n: 'n', e: 'AQAB', p: 'p' } }],
    ['jwk', { ...header, jwk: { kty: 'oct', k: 'secret' } }],
  ])('fails %s', (check, given) => {
    expect(dpopHeaderProblem(given)).toBe(check);
  });
});

describe('dpopClaimsProblem', () => {
  const expected: DpopExpectation = {
    method: 'GET',
    url: 'https://accounts.example/api/me',
    accessTokenHash: 'token-hash',
    jkt: 'thumbprint',
    now: 1_800_000_000,
    iatWindowSeconds: 60,
  };
  const claims = {
    jti: 'a-jti',
    htm: 'GET',
    htu: 'HTTPS://Accounts.Example:443/api/me?page=2',
    iat: expected.now,
    ath: 'token-hash',
  };

  it('accepts claims that match the request, the token and the time', () => {
    expect(dpopClaimsProblem(claims, 'thumbprint', expected)).toBeNull();
    expect(dpopClaimsProblem({ ...claims, iat: expected.now - 60 }, 'thumbprint', expected)).toBeNull();
    expect(dpopClaimsProblem({ ...claims, iat: expected.now + 60 }, 'thumbprint', expected)).toBeNull();
    expect(dpopClaimsProblem({ ...claims, jti: 'j'.repeat(255) }, 'thumbprint', expected)).toBeNull();
  });

  it.each([
    ['jti', { ...claims, jti: undefined }],
    ['jti', { ...claims, jti: '' }],
    ['jti', { ...claims, jti: 'j'.repeat(256) }],
    ['htm', { ...claims, htm: 'POST' }],
    ['htm', { ...claims, htm: 'get' }],
    ['htu', { ...claims, htu: 'https://accounts.example/api/sessions' }],
    ['htu', { ...claims, htu: 'http://accounts.example/api/me' }],
    ['htu', { ...claims, htu: 42 }],
    ['iat', { ...claims, iat: expected.now - 61 }],
    ['iat', { ...claims, iat: expected.now + 61 }],
    ['iat', { ...claims, iat: String(expected.now) }],
    ['ath', { ...claims, ath: 'another-hash' }],
    ['ath', { ...claims, ath: undefined }],
  ])('fails %s', (check, given) => {
    expect(dpopClaimsProblem(given, 'thumbprint', expected)).toBe(check);
  });

  it('fails jkt when the key is not the one the token is bound to', () => {
    expect(dpopClaimsProblem(claims, 'another-thumbprint', expected)).toBe('jkt');
  });
});
