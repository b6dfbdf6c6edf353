import { describe, expect, it } from 'vitest';
import { signInSuffices } from '../src/index.js';

const NOW_MS = 1_800_000_000_000;
const now = NOW_MS / 1000;

describe('signInSuffices (RFC 9470)', () => {
  it('needs an acr among the values; a missing one is the weakest level', () => {
    const rule = { acrValues: ['mfa', 'phr'], maxAgeSeconds: null };
    expect(signInSuffices(rule, { acr: 'phr' }, NOW_MS)).toBe(true);
    expect(signInSuffices(rule, { acr: 'pwd' }, NOW_MS)).toBe(false);
    expect(signInSuffices(rule, {}, NOW_MS)).toBe(false);
    expect(signInSuffices(rule, { acr: ['mfa'] }, NOW_MS)).toBe(false);
  });

  it('needs an auth_time at most the age ago; a missing or unreadable one is never recent', () => {
    const rule = { acrValues: null, maxAgeSeconds: 60 };
    expect(signInSuffices(rule, { auth_time: now - 60 }, NOW_MS)).toBe(true);
    expect(signInSuffices(rule, { auth_time: now - 61 }, NOW_MS)).toBe(false);
    expect(signInSuffices(rule, {}, NOW_MS)).toBe(false);
    expect(signInSuffices(rule, { auth_time: '1800000000' }, NOW_MS)).toBe(false);
    expect(signInSuffices(rule, { auth_time: -1 }, NOW_MS)).toBe(false);
  });

  it('needs both when both are set', () => {
    const rule = { acrValues: ['mfa'], maxAgeSeconds: 60 };
    expect(signInSuffices(rule, { acr: 'mfa', auth_time: now }, NOW_MS)).toBe(true);
    expect(signInSuffices(rule, { acr: 'mfa', auth_time: now - 3600 }, NOW_MS)).toBe(false);
    expect(signInSuffices(rule, { acr: 'pwd', auth_time: now }, NOW_MS)).toBe(false);
  });
});
