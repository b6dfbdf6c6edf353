import { describe, expect, it } from 'vitest';
import { checkCanDisable, checkCanEnable, type TwoFactorState } from '@accounts/domain';

describe('checkCanEnable and checkCanDisable', () => {
  it.each<[TwoFactorState, boolean, boolean]>([
    [{ enabled: false, hasSecret: false }, true, false],
    [{ enabled: false, hasSecret: true }, true, false],
    [{ enabled: true, hasSecret: true }, false, true],
    [{ enabled: true, hasSecret: false }, false, false],
  ])('%o may enable: %s, may disable: %s', (state, mayEnable, mayDisable) => {
    expect(checkCanEnable(state)).toEqual(
      mayEnable ? { ok: true, value: undefined } : { ok: false, error: { type: 'TwoFactorAlreadyEnabled' } },
    );
    expect(checkCanDisable(state)).toEqual(
      mayDisable ? { ok: true, value: undefined } : { ok: false, error: { type: 'TwoFactorNotEnabled' } },
    );
  });
});
