import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CursorSealer } from '@accounts/application';

const MIN_KEY_BYTES = 32;

/**
 * Cursors as `<base64url payload>.<base64url HMAC-SHA256>`, the MAC taken over the user id and the
 * payload text exactly as sent. Opening recomputes the MAC text and compares it whole, so any
 * changed character is refused (also one that base64 decoding would have ignored), and so is a
 * cursor sealed for another user.
 */
export class HmacCursorSealer implements CursorSealer {
  constructor(private readonly key: Buffer) {
    if (key.length < MIN_KEY_BYTES)
      throw new RangeError(`the cursor key needs at least ${MIN_KEY_BYTES} bytes`);
  }

  seal(userId: string, payload: string): string {
    const body = Buffer.from(payload, 'utf8').toString('base64url');
    return `${body}.${this.mac(userId, body)}`;
  }

  open(userId: string, cursor: string): string | null {
    const parts = cursor.split('.');
    if (parts.length !== 2) return null;
    const [body = '', mac = ''] = parts;
    const expected = Buffer.from(this.mac(userId, body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return Buffer.from(body, 'base64url').toString('utf8');
  }

  private mac(userId: string, body: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${body}`).digest('base64url');
  }
}
