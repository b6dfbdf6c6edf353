import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SecretCipher } from '@accounts/application';

export type SecretCipherOptions = {
  /** TOTP_ENCRYPTION_KEY: 32 bytes in base64. Unset: secrets are stored bare. */
  key?: string;
  /** TOTP_ENCRYPTION_KEYS: older keys, still accepted for reading. */
  oldKeys?: string[];
};

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const BARE_BASE32 = /^[A-Z2-7]+=*$/i;
const KEY_ID = /^[0-9a-f]{8}$/;
const PAYLOAD = /^[A-Za-z0-9_-]+$/;

type Key = { id: string; bytes: Buffer };

/**
 * AES-256-GCM sealing of TOTP secrets, bound to the user id (additional authenticated data):
 * `v1.<key id>.<base64url(nonce || ciphertext || tag)>`. Anything that does not open fails closed.
 */
export function createSecretCipher(options: SecretCipherOptions = {}): SecretCipher {
  const current = options.key ? parseKey(options.key, 'TOTP_ENCRYPTION_KEY') : null;
  const keys = new Map<string, Key>();
  if (current) keys.set(current.id, current);
  (options.oldKeys ?? []).forEach((value, index) => {
    const key = parseKey(value, `TOTP_ENCRYPTION_KEYS (entry ${index + 1})`);
    if (!keys.has(key.id)) keys.set(key.id, key);
  });

  return {
    seal(userId, secret) {
      if (!current) return secret;
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(userId, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([nonce, ciphertext, cipher.getAuthTag()]).toString('base64url');
      return `${VERSION}.${current.id}.${sealed}`;
    },

    needsReseal(stored) {
      if (!current) return false;
      return !stored.startsWith(`${VERSION}.${current.id}.`);
    },

    open(userId, stored) {
      if (!stored.startsWith(`${VERSION}.`)) {
        if (BARE_BASE32.test(stored)) return stored;
        throw new Error('Stored TOTP secret is neither sealed nor base32');
      }
      if (keys.size === 0) {
        throw new Error('Stored TOTP secret is encrypted; TOTP_ENCRYPTION_KEY is needed to read it');
      }
      const [, keyId = '', payload = '', ...rest] = stored.split('.');
      if (rest.length > 0 || !KEY_ID.test(keyId) || !PAYLOAD.test(payload)) {
        throw new Error('Stored TOTP secret is malformed');
      }
      const key = keys.get(keyId);
      if (!key) throw new Error(`Stored TOTP secret was sealed with an unknown key (id ${keyId})`);
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length <= NONCE_BYTES + TAG_BYTES) throw new Error('Stored TOTP secret is malformed');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(0, NONCE_BYTES), {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(userId, 'utf8'));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch (error) {
        // A wrong tag, another user's id and a tampered byte look alike here, on purpose.
        throw new Error('Stored TOTP secret could not be decrypted', { cause: error });
      }
    },
  };
}

/** Whether `value` can be a sealing key: 32 bytes in base64 (TOTP_ENCRYPTION_KEY, TOTP_ENCRYPTION_KEYS). */
export function isEncryptionKey(value: string): boolean {
  return keyBytes(value) !== null;
}

function keyBytes(value: string): Buffer | null {
  const text = value.trim();
  const bytes = BASE64.test(text) ? Buffer.from(text, 'base64') : null;
  return bytes?.length === KEY_BYTES ? bytes : null;
}

function parseKey(value: string, variable: string): Key {
  const bytes = keyBytes(value);
  if (!bytes) {
    throw new Error(`${variable} must be ${KEY_BYTES} bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return { id: createHash('sha256').update(bytes).digest('hex').slice(0, 8), bytes };
}
