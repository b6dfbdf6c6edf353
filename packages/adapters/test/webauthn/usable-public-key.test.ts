import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUsablePublicKey } from '../../src/webauthn/usable-public-key.js';

// The COSE keys a registration may carry, and which of them an assertion could verify with.
const ec2 = () => {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  return new Map<number, unknown>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
  ]);
};
const rsa = () => {
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' });
  return new Map<number, unknown>([
    [1, 3],
    [3, -257],
    [-1, new Uint8Array(Buffer.from(jwk.n ?? '', 'base64url'))],
    [-2, new Uint8Array(Buffer.from(jwk.e ?? '', 'base64url'))],
  ]);
};

describe('isUsablePublicKey', () => {
  it('accepts an ES256 key on P-256 and an RS256 key', () => {
    expect(isUsablePublicKey(ec2())).toBe(true);
    expect(isUsablePublicKey(rsa())).toBe(true);
  });

  it('refuses an EC2 point off the curve', () => {
    const key = ec2();
    const y = key.get(-3) as Uint8Array;
    y[31] = (y[31] ?? 0) ^ 1;
    expect(isUsablePublicKey(key)).toBe(false);
  });

  it('refuses a key whose type, curve or coordinates do not fit its algorithm', () => {
    expect(isUsablePublicKey(new Map([...ec2(), [3, -257]]))).toBe(false);
    expect(isUsablePublicKey(new Map([...rsa(), [3, -7]]))).toBe(false);
    expect(isUsablePublicKey(new Map([...ec2(), [-1, 2]]))).toBe(false);
    expect(isUsablePublicKey(new Map([...ec2(), [-2, new Uint8Array(31)]]))).toBe(false);
    expect(isUsablePublicKey(new Map([...rsa(), [-1, new Uint8Array(0)]]))).toBe(false);
    expect(isUsablePublicKey(new Map([...ec2(), [3, -8]]))).toBe(false);
  });
});
