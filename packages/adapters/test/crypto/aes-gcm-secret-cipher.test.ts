import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretCipher, isEncryptionKey } from '@accounts/adapters';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const newKey = () => randomBytes(32).toString('base64');
const keyId = (key: string) =>
  createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 8);

describe('createSecretCipher with a key', () => {
  const key = newKey();
  const cipher = createSecretCipher({ key });

  it('seals as v1.<key id>.<base64url> and opens it for the same user', () => {
    const sealed = cipher.seal('user-1', SECRET);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
    expect(sealed.split('.')[1]).toBe(keyId(key));
    expect(sealed).not.toContain(SECRET);
    // nonce (12) + ciphertext (32) + tag (16)
    expect(Buffer.from(sealed.split('.')[2]!, 'base64url')).toHaveLength(12 + SECRET.length + 16);
    expect(cipher.open('user-1', sealed)).toBe(SECRET);
  });

  it('uses a fresh nonce for every seal', () => {
    const a = cipher.seal('user-1', SECRET);
    const b = cipher.seal('user-1', SECRET);
    expect(a).not.toBe(b);
    expect(Buffer.from(a.split('.')[2]!, 'base64url').subarray(0, 12)).not.toEqual(
      Buffer.from(b.split('.')[2]!, 'base64url').subarray(0, 12),
    );
  });

  it('refuses a value with any byte changed', () => {
    const sealed = cipher.seal('user-1', SECRET);
    const bytes = Buffer.from(sealed.split('.')[2]!, 'base64url');
    for (const index of [0, 12, 20, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[index]! ^= 0x01;
      expect(() => cipher.open('user-1', `v1.${keyId(key)}.${tampered.toString('base64url')}`)).toThrow(
        /could not be decrypted/,
      );
    }
  });

  it("refuses another user's sealed secret", () => {
    const sealed = cipher.seal('user-1', SECRET);
    expect(() => cipher.open('user-2', sealed)).toThrow(/could not be decrypted/);
  });

  it('refuses a value sealed with a key it does not hold', () => {
    const sealed = createSecretCipher({ key: newKey() }).seal('user-1', SECRET);
    expect(() => cipher.open('user-1', sealed)).toThrow(/unknown key/);
  });

  it.each([
    'v1.',
    'v1.zzzzzzzz.AAAA',
    `v1.abcdef01`,
    `v1.abcdef01.AAAA`,
    'v1.abcdef01.a.b',
    'v1.abcdef01.!!!!',
  ])('refuses a malformed sealed value %j', (stored) => {
    expect(() => cipher.open('user-1', stored)).toThrow();
  });

  it('still reads a bare base32 secret written before the key was set', () => {
    expect(cipher.open('user-1', SECRET)).toBe(SECRET);
    expect(cipher.open('user-1', 'jbswy3dpehpk3pxp====')).toBe('jbswy3dpehpk3pxp====');
  });

  it('refuses a bare value that is not base32', () => {
    expect(() => cipher.open('user-1', 'not a secret!')).toThrow(/neither sealed nor base32/);
    expect(() => cipher.open('user-1', '')).toThrow();
  });
});

describe('createSecretCipher key rotation', () => {
  it('opens values sealed with an older key listed in oldKeys, and seals with the current key', () => {
    const oldKey = newKey();
    const currentKey = newKey();
    const sealedBefore = createSecretCipher({ key: oldKey }).seal('user-1', SECRET);

    const rotated = createSecretCipher({ key: currentKey, oldKeys: [newKey(), oldKey] });
    expect(rotated.open('user-1', sealedBefore)).toBe(SECRET);
    const resealed = rotated.seal('user-1', SECRET);
    expect(resealed.split('.')[1]).toBe(keyId(currentKey));
    expect(rotated.open('user-1', resealed)).toBe(SECRET);

    expect(() => createSecretCipher({ key: currentKey }).open('user-1', sealedBefore)).toThrow(/unknown key/);
  });

  it("says which stored values to seal again: an older key's and bare ones, not the current key's", () => {
    const oldKey = newKey();
    const currentKey = newKey();
    const rotated = createSecretCipher({ key: currentKey, oldKeys: [oldKey] });
    expect(rotated.needsReseal(createSecretCipher({ key: oldKey }).seal('user-1', SECRET))).toBe(true);
    expect(rotated.needsReseal(SECRET)).toBe(true);
    expect(rotated.needsReseal(rotated.seal('user-1', SECRET))).toBe(false);
    // Without a key there is nothing to seal with.
    expect(createSecretCipher({}).needsReseal(SECRET)).toBe(false);
    expect(createSecretCipher({}).needsReseal(rotated.seal('user-1', SECRET))).toBe(false);
  });
});

describe('createSecretCipher without a key', () => {
  const cipher = createSecretCipher({});

  it('stores secrets bare and reads them back', () => {
    expect(cipher.seal('user-1', SECRET)).toBe(SECRET);
    expect(cipher.open('user-1', SECRET)).toBe(SECRET);
  });

  it('says a key is needed for a sealed value', () => {
    const sealed = createSecretCipher({ key: newKey() }).seal('user-1', SECRET);
    expect(() => cipher.open('user-1', sealed)).toThrow(/TOTP_ENCRYPTION_KEY is needed/);
  });
});

describe('createSecretCipher key validation', () => {
  it.each([
    ['too short', randomBytes(16).toString('base64')],
    ['too long', randomBytes(33).toString('base64')],
    ['not base64', '!'.repeat(44)],
  ])('rejects a current key that is %s, naming TOTP_ENCRYPTION_KEY', (_why, key) => {
    expect(() => createSecretCipher({ key })).toThrow(/TOTP_ENCRYPTION_KEY must be 32 bytes/);
  });

  it('rejects an old key of the wrong length, naming TOTP_ENCRYPTION_KEYS, without echoing it', () => {
    const bad = randomBytes(24).toString('base64');
    let message = '';
    try {
      createSecretCipher({ key: newKey(), oldKeys: [newKey(), bad] });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/TOTP_ENCRYPTION_KEYS \(entry 2\)/);
    expect(message).not.toContain(bad);
  });

  it('tells a usable key from the rest, as the configuration checks it', () => {
    expect(isEncryptionKey(newKey())).toBe(true);
    expect(isEncryptionKey(randomBytes(32).toString('base64').replace(/=+$/, ''))).toBe(true);
    for (const bad of [
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      '!'.repeat(44),
      '',
    ]) {
      expect(isEncryptionKey(bad)).toBe(false);
    }
  });
});
