import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_POLICY, backupCodeFromIndexes, normalizeBackupCode } from '@accounts/domain';

const { alphabet } = BACKUP_CODE_POLICY;

describe('BACKUP_CODE_POLICY', () => {
  it('gives 10 codes of 10 characters from an alphabet without look-alikes', () => {
    expect(BACKUP_CODE_POLICY).toEqual({
      count: 10,
      length: 10,
      alphabet: '23456789abcdefghjkmnpqrstuvwxyz',
    });
  });
});

describe('backupCodeFromIndexes', () => {
  it.each<[number[], string]>([
    [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0], '22222-22222'],
    [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], '23456-789ab'],
    [[30, 30, 30, 30, 30, 30, 30, 30, 30, 30], 'zzzzz-zzzzz'],
    [[8, 9, 10, 11, 12, 13, 14, 15, 16, 17], 'abcde-fghjk'],
  ])('%j gives %s', (indexes, code) => {
    expect(backupCodeFromIndexes(indexes)).toBe(code);
  });

  it.each<[string, number[]]>([
    ['a position past the alphabet', [0, 0, 0, 0, 0, 0, 0, 0, 0, alphabet.length]],
    ['a negative position', [-1, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['a fractional position', [0.5, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['nine positions', [0, 0, 0, 0, 0, 0, 0, 0, 0]],
    ['eleven positions', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]],
  ])('throws on %s', (_name, indexes) => {
    expect(() => backupCodeFromIndexes(indexes)).toThrow(RangeError);
  });

  it('round-trips through normalizeBackupCode', () => {
    const code = backupCodeFromIndexes([8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(normalizeBackupCode(code)).toBe('abcdefghjk');
  });
});

describe('normalizeBackupCode', () => {
  it.each<[string, string]>([
    ['abcde-fghjk', 'abcdefghjk'],
    ['abcdefghjk', 'abcdefghjk'],
    ['ABCDE-FGHJK', 'abcdefghjk'],
    ['ABCDEFGHJK', 'abcdefghjk'],
    ['AbCdE-fGhJk', 'abcdefghjk'],
    ['  abcde-fghjk  ', 'abcdefghjk'],
    ['23456-789zz', '23456789zz'],
  ])('accepts %j as %s', (input, expected) => {
    expect(normalizeBackupCode(input)).toBe(expected);
  });

  it.each<[string, string]>([
    ['too short', 'abcde-fghj'],
    ['too long', 'abcde-fghjkm'],
    ['too long without hyphen', 'abcdefghjkm'],
    ['hyphen in the wrong place', 'abcd-efghjk'],
    ['two hyphens', 'abcde--fghjk'],
    ['a 0', 'abcde-fghj0'],
    ['a 1', 'abcde-fghj1'],
    ['an i', 'abcde-fghji'],
    ['an l', 'abcde-fghjl'],
    ['an o', 'abcde-fghjo'],
    ['an upper-case O', 'ABCDE-FGHJO'],
    ['a space inside', 'abcde fghjk'],
    ['a TOTP code', '123456'],
    ['an empty string', ''],
  ])('refuses %s (%j)', (_name, input) => {
    expect(normalizeBackupCode(input)).toBeNull();
  });
});
