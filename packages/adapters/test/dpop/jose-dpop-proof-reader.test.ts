import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { JoseDpopProofReader } from '../../src/index.js';

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

const reader = new JoseDpopProofReader();
const claims = { jti: 'jti-1', htm: 'GET', htu: 'https://accounts.example/api/me', iat: 1_800_000_000 };

async function keyPairFor(alg: string) {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
}

function proof(alg: string, privateKey: PrivateKey, jwk: JWK, typ = 'dpop+jwt') {
  return new SignJWT(claims).setProtectedHeader({ typ, alg, jwk }).sign(privateKey);
}

describe('JoseDpopProofReader', () => {
  it.each(['ES256', 'RS256', 'PS256', 'EdDSA'])(
    'verifies a %s proof with its embedded key and gives the key thumbprint',
    async (alg) => {
      const { privateKey, jwk } = await keyPairFor(alg);
      const signed = await reader.verify(await proof(alg, privateKey, jwk));
      expect(signed).toEqual({ claims, thumbprint: await calculateJwkThumbprint(jwk, 'sha256') });
    },
  );

  it('refuses a proof signed by another key than the one it embeds', async () => {
    const { privateKey } = await keyPairFor('ES256');
    const { jwk } = await keyPairFor('ES256');
    expect(await reader.verify(await proof('ES256', privateKey, jwk))).toBeNull();
  });

  it('refuses a proof whose embedded key is private', async () => {
    const { privateKey, privateJwk } = await keyPairFor('ES256');
    expect(await reader.verify(await proof('ES256', privateKey, privateJwk))).toBeNull();
  });

  it('refuses an algorithm outside the list, and a wrong typ', async () => {
    const es384 = await keyPairFor('ES384');
    expect(await reader.verify(await proof('ES384', es384.privateKey, es384.jwk))).toBeNull();
    const es256 = await keyPairFor('ES256');
    expect(await reader.verify(await proof('ES256', es256.privateKey, es256.jwk, 'JWT'))).toBeNull();
  });

  it('reads the header of a compact JWS, and null for anything else', async () => {
    const { privateKey, jwk } = await keyPairFor('ES256');
    expect(reader.headerOf(await proof('ES256', privateKey, jwk))).toEqual({
      typ: 'dpop+jwt',
      alg: 'ES256',
      jwk,
    });
    expect(reader.headerOf('not-a-jws')).toBeNull();
  });
});
