import { describe, expect, it } from 'vitest';
import { CryptoRandomSource } from '@accounts/adapters';
import { BACKUP_CODE_POLICY, backupCodeFromIndexes } from '@accounts/domain';

describe('CryptoRandomSource', () => {
  const random = new CryptoRandomSource();

  it('gives the asked number of integers in [0, max)', () => {
    const values = random.integers(1000, BACKUP_CODE_POLICY.alphabet.length);
    expect(values).toHaveLength(1000);
    for (const value of values) {
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(BACKUP_CODE_POLICY.alphabet.length);
    }
    expect(new Set(values).size).toBe(BACKUP_CODE_POLICY.alphabet.length); // every value turns up
    expect(random.integers(0, 10)).toEqual([]);
  });

  it('feeds backup codes', () => {
    const code = backupCodeFromIndexes(
      random.integers(BACKUP_CODE_POLICY.length, BACKUP_CODE_POLICY.alphabet.length),
    );
    expect(code).toMatch(/^[23456789a-hjkmnp-z]{5}-[23456789a-hjkmnp-z]{5}$/);
  });

  it('rejects a bound it cannot honour', () => {
    expect(() => random.integers(1, 0)).toThrow(RangeError);
    expect(() => random.integers(-1, 10)).toThrow(RangeError);
  });
});
