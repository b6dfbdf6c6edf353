import { describe, expect, it } from 'vitest';
import { checkPageLimit, decodeAuditPosition, encodeAuditPosition } from '@accounts/domain';

describe('checkPageLimit', () => {
  it.each([
    [undefined, 20],
    [1, 1],
    [20, 20],
    [100, 100],
  ])('accepts %s as %i', (limit, expected) => {
    expect(checkPageLimit(limit)).toEqual({ ok: true, value: expected });
  });

  it.each([0, -1, 101, 1.5, Number.NaN, Infinity])('refuses %s', (limit) => {
    expect(checkPageLimit(limit)).toEqual({ ok: false, error: { type: 'InvalidPageLimit' } });
  });
});

describe('audit positions', () => {
  const position = { createdAt: '2026-01-01T00:00:00.123456Z', id: '42' };

  it('round-trips', () => {
    expect(decodeAuditPosition(encodeAuditPosition(position))).toEqual(position);
  });

  it.each([
    ['not JSON', 'nope'],
    ['an object', '{"createdAt":"2026-01-01T00:00:00.123456Z","id":"42"}'],
    ['three items', '["2026-01-01T00:00:00.123456Z","42","x"]'],
    ['a time without microseconds', '["2026-01-01T00:00:00.123Z","42"]'],
    ['a numeric id', '["2026-01-01T00:00:00.123456Z",42]'],
    ['an id that is not a positive integer', '["2026-01-01T00:00:00.123456Z","0x2"]'],
    ['SQL in the time', '["2026-01-01T00:00:00.123456Z\'; drop table users; --","42"]'],
  ])('refuses %s', (_name, text) => {
    expect(decodeAuditPosition(text)).toBeNull();
  });
});
