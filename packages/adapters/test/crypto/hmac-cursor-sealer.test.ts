import { randomBytes } from 'node:crypto';
import { HmacCursorSealer } from '@accounts/adapters';
import { describe, expect, it } from 'vitest';

const key = randomBytes(32);
const sealer = new HmacCursorSealer(key);
const PAYLOAD = '["2026-01-01T00:00:00.123456Z","42"]';

describe('HmacCursorSealer', () => {
  it('opens what it sealed, for the same user', () => {
    const cursor = sealer.seal('user-1', PAYLOAD);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(sealer.open('user-1', cursor)).toBe(PAYLOAD);
    expect(new HmacCursorSealer(Buffer.from(key)).open('user-1', cursor)).toBe(PAYLOAD);
  });

  it('refuses a cursor sealed for another user, or with another key', () => {
    const cursor = sealer.seal('user-1', PAYLOAD);
    expect(sealer.open('user-2', cursor)).toBeNull();
    expect(new HmacCursorSealer(randomBytes(32)).open('user-1', cursor)).toBeNull();
  });

  it('refuses every cursor with one character changed, removed or added', () => {
    const cursor = sealer.seal('user-1', PAYLOAD);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.';
    for (let i = 0; i < cursor.length; i++) {
      for (const char of alphabet) {
        if (char === cursor[i]) continue;
        expect(sealer.open('user-1', `${cursor.slice(0, i)}${char}${cursor.slice(i + 1)}`)).toBeNull();
      }
      expect(sealer.open('user-1', `${cursor.slice(0, i)}${cursor.slice(i + 1)}`)).toBeNull();
    }
    expect(sealer.open('user-1', `${cursor}A`)).toBeNull();
  });

  it.each(['', '.', 'abc', 'a.b.c', '..'])('refuses %j', (cursor) => {
    expect(sealer.open('user-1', cursor)).toBeNull();
  });

  it('needs a key of 32 bytes or more', () => {
    expect(() => new HmacCursorSealer(randomBytes(16))).toThrow(RangeError);
  });
});
