import { describe, expect, it } from 'vitest';
import { checkCanDisable, checkCanEnable, type TwoFactorState } from '@accounts/domain';

describe('checkCanEnable', () => {
  it.each<[TwoFactorState, boolean]>([
    [{ enabled: false, hasSecret: false }, true],
    [{ enabled: false, hasSecret: true }, true],
    [{ enabled: true, hasSecret: true }, false],
    [{ enabled: true, hasSecret: false }, false],
  ])('%o may enable: %s', (state, allowed) => {
    expect(checkCanEnable(state)).toEqual(
      allowed ? { ok: true, value: undefined } : { ok: false, error: { type: 'TwoFactorAlreadyEnabled' } },
    );
  });
});

describe('checkCanDisable', () => {
  it.each<[TwoFactorState, boolean]>([
    [{ enabled: true, hasSecret: true }, true],
    [{ enabled: true, hasSecret: false }, false],
    [{ enabled: false, hasSecret: true }, false],
    [{ enabled: false, hasSecret: false }, false],
  ])('%o may disable: %s', (state, allowed) => {
    expect(checkCanDisable(state)).toEqual(
      allowed ? { ok: true, value: undefined } : { ok: false, error: { type: 'TwoFactorNotEnabled' } },
    );
  });
});
