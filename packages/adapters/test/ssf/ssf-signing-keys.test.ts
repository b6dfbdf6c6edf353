import { generateKeyPairSync } from 'node:crypto';
import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  JoseSetSigner,
  parseSsfSigningKeys,
  ssfJwks,
  SsfSigningKeysError,
} from '../../src/ssf/ssf-signing-keys.js';

function rsaPem(bits = 2048, type: 'pkcs8' | 'pkcs1' = 'pkcs8'): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return privateKey.export({ format: 'pem', type }).toString();
}

const first = rsaPem();
const second = rsaPem(2048, 'pkcs1');

describe('SSF_SIGNING_KEYS', () => {
  it('reads concatenated PEM keys in order, PKCS#8 and PKCS#1, with \\n escapes', async () => {
    const escaped = `${first}${second}`.replaceAll('\n', '\\n');
    const keys = await parseSsfSigningKeys(escaped);
    expect(keys).toHaveLength(2);
    const [a, b] = await Promise.all([parseSsfSigningKeys(first), parseSsfSigningKeys(second)]);
    expect(keys.map((key) => key.kid)).toEqual([a[0]?.kid, b[0]?.kid]);
  });

  it("names each key by its public part's RFC 7638 SHA-256 thumbprint, stable across reads", async () => {
    const [key] = await parseSsfSigningKeys(first);
    const [again] = await parseSsfSigningKeys(first);
    const { kty, n, e } = key!.publicJwk;
    expect(key!.kid).toBe(await calculateJwkThumbprint({ kty, n, e }, 'sha256'));
    expect(again!.kid).toBe(key!.kid);
    expect(key!.publicJwk).toEqual({ kty: 'RSA', n, e, kid: key!.kid, alg: 'RS256', use: 'sig' });
  });

  it.each([
    ['nothing PEM', 'not a key', 'holds no PEM private key'],
    [
      'a public key',
      generateKeyPairSync('rsa', { modulusLength: 2048 })
        .publicKey.export({ format: 'pem', type: 'spki' })
        .toString(),
      'key 1 is not a PEM private key',
    ],
    ['an RSA key under 2048 bits', rsaPem(1024), 'key 1 has 1024 bits; at least 2048 are needed'],
    [
      'an EC key',
      generateKeyPairSync('ec', { namedCurve: 'P-256' })
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
      'key 1 is not an RSA key',
    ],
    ['the same key twice', `${first}${first}`, 'key 2 is given twice'],
  ])('refuses %s, naming the key and never its content', async (_name, text, message) => {
    const refusal = await parseSsfSigningKeys(text).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(SsfSigningKeysError);
    expect((refusal as Error).message).toBe(message);
  });

  it('publishes every public part, the signing key first, never a private member', async () => {
    const keys = await parseSsfSigningKeys(`${first}${second}`);
    const jwks = ssfJwks(keys);
    expect(jwks.keys.map((key) => key.kid)).toEqual(keys.map((key) => key.kid));
    for (const key of jwks.keys)
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(member);
  });
});

describe('JoseSetSigner', () => {
  it('signs RS256 with the first key: typ secevent+jwt, its kid, the claims as given', async () => {
    const keys = await parseSsfSigningKeys(`${first}${second}`);
    const claims = {
      iss: 'https://tx.example',
      aud: 'rx-1',
      jti: 'j1',
      iat: 1,
      sub_id: { format: 'opaque' as const, id: 's1' },
      events: { 'urn:example:event': {} },
    };
    const set = await new JoseSetSigner(keys).sign(claims);
    expect(decodeProtectedHeader(set)).toEqual({ alg: 'RS256', typ: 'secevent+jwt', kid: keys[0]!.kid });
    const { payload } = await jwtVerify(set, createLocalJWKSet(ssfJwks(keys)), {
      typ: 'secevent+jwt',
      algorithms: ['RS256'],
    });
    expect(payload).toEqual(claims);
  });
});
