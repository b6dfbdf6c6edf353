import { describe, expect, it } from 'vitest';
import { decodeSessionPosition, encodeSessionPosition } from '@accounts/domain';

describe('session page positions', () => {
  it.each([
    { listedAt: '2026-03-01T12:00:00.400Z', seenAt: '2026-03-01T11:59:00.123456Z', id: 'a-1' },
    { listedAt: '2026-03-01T12:00:00.400Z', seenAt: null, id: 'a-1' },
  ])('carries %j through a cursor', (position) => {
    expect(decodeSessionPosition(encodeSessionPosition(position))).toEqual(position);
  });

  it.each([
    'not json',
    '[]',
    '["2026-03-01T12:00:00.400Z", null]',
    '["2026-03-01", null, "a"]',
    '["2026-03-01T12:00:00.400Z", "2026-03-01T11:59:00Z", "a"]',
    '["2026-03-01T12:00:00.400Z", 5, "a"]',
    '["2026-03-01T12:00:00.400Z", null, ""]',
    `["2026-03-01T12:00:00.400Z", null, "${'a'.repeat(256)}"]`,
  ])('refuses %s', (text) => {
    expect(decodeSessionPosition(text)).toBeNull();
  });
});
