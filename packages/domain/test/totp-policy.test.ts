import { describe, expect, it } from 'vitest';
import {
  acceptableSteps,
  isFreshStep,
  isTotpCodeShape,
  parseTotpSecret,
  timeStepAt,
  TOTP_POLICY,
} from '@accounts/domain';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('TOTP_POLICY', () => {
  it("is the specification's: SHA1, 6 digits, 30 s, one step either side, 32-character secrets", () => {
    expect(TOTP_POLICY).toEqual({
      algorithm: 'SHA1',
      digits: 6,
      periodSeconds: 30,
      window: 1,
      secretLength: 32,
    });
  });
});

describe('parseTotpSecret', () => {
  it.each<[string, string, string]>([
    ['32 base32 characters', SECRET, SECRET],
    [
      'every letter and digit of the alphabet',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
    ],
    ['lower case, canonicalised to upper case', SECRET.toLowerCase(), SECRET],
    ['mixed case', 'jbswy3dpEHPK3PXPjbswy3dpEHPK3PXP', SECRET],
  ])('accepts %s', (_name, input, expected) => {
    expect(parseTotpSecret(input)).toBe(expected);
  });

  it.each<[string, string]>([
    ['31 characters', SECRET.slice(0, 31)],
    ['33 characters', `${SECRET}A`],
    ['16 characters', SECRET.slice(0, 16)],
    ['the digit 1', `${SECRET.slice(0, 31)}1`],
    ['the digit 0', `0${SECRET.slice(1)}`],
    ['the digit 8', `${SECRET.slice(0, 15)}8${SECRET.slice(16)}`],
    ['the digit 9', `${SECRET.slice(0, 15)}9${SECRET.slice(16)}`],
    ['padding inside the 32 characters', `${SECRET.slice(0, 28)}====`],
    ['padding after 32 characters', `${SECRET}====`],
    ['a space inside', `${SECRET.slice(0, 16)} ${SECRET.slice(17)}`],
    ['an empty string', ''],
  ])('refuses %s', (_name, input) => {
    expect(parseTotpSecret(input)).toBeNull();
  });
});

describe('isTotpCodeShape', () => {
  it.each<[string, boolean]>([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
    [' 123456', false],
    ['123 456', false],
    ['abcde-fghjk', false],
    ['１２３４５６', false],
  ])('%j is a code: %s', (code, expected) => {
    expect(isTotpCodeShape(code)).toBe(expected);
  });
});

describe('timeStepAt', () => {
  it.each<[string, number]>([
    ['1970-01-01T00:00:00.000Z', 0],
    ['1970-01-01T00:00:29.999Z', 0],
    ['1970-01-01T00:00:30.000Z', 1],
    ['1970-01-01T00:00:59.999Z', 1],
    ['1970-01-01T00:01:00.000Z', 2],
    ['2026-01-01T00:00:00.000Z', 1_767_225_600 / 30],
    ['2026-01-01T00:00:45.000Z', 1_767_225_600 / 30 + 1],
  ])('%s is step %i', (at, step) => {
    expect(timeStepAt(new Date(at))).toBe(step);
  });
});

describe('acceptableSteps', () => {
  it.each(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:29.999Z', '2026-06-30T12:34:56.789Z'])(
    'at %s: the current step first, then one step either side, nothing more',
    (at) => {
      const current = timeStepAt(new Date(at));
      const steps = acceptableSteps(new Date(at));
      expect(steps[0]).toBe(current);
      expect([...steps].sort((a, b) => a - b)).toEqual([current - 1, current, current + 1]);
    },
  );
});

describe('isFreshStep', () => {
  it.each<[number, number | null, boolean]>([
    [100, null, true],
    [0, null, true],
    [101, 100, true],
    [100, 100, false],
    [99, 100, false],
    [1, 0, true],
    [0, 0, false],
  ])('step %i after last used %s is fresh: %s', (step, last, expected) => {
    expect(isFreshStep(step, last)).toBe(expected);
  });
});
