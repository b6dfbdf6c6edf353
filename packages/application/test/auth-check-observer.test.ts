import type { AuthCheckObserver } from '@accounts/application';
import { describe, expect, it } from 'vitest';
import { PASSWORD, SECRET, setUp } from './support.js';

const LIMIT = { maxFailures: 3, windowMs: 60_000 };

/** Remembers what it is told, in order. */
function recordingObserver() {
  const seen: string[] = [];
  const observer: AuthCheckObserver = {
    failedCheck: (reason) => seen.push(`failed:${reason}`),
    locked: () => seen.push('locked'),
    refusedWhileLocked: () => seen.push('refused'),
  };
  return { observer, seen };
}

describe('the failure limit tells its observer', () => {
  it('of each counted failure, of the lock when the limit is reached, and of each refusal while locked', async () => {
    const { observer, seen } = recordingObserver();
    const t = setUp({ failureLimit: LIMIT, authChecks: observer });
    const user = t.addUserWithTwoFactor();
    const disable = (password: string, verificationCode?: string) =>
      t.useCases.disableAccount.execute({ userId: user.id, password, verificationCode });

    await disable('wrong');
    // No code: no guess was made, so nothing counts.
    await disable(PASSWORD);
    await disable(PASSWORD, '000000');
    expect(seen).toEqual(['failed:InvalidPassword', 'failed:InvalidTwoFactorCode']);

    await disable('wrong');
    expect(seen.slice(2)).toEqual(['failed:InvalidPassword', 'locked']);

    expect((await disable(PASSWORD, t.code())).ok).toBe(false);
    await t.useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: t.code() });
    expect(seen.slice(4)).toEqual(['refused', 'refused']);
  });

  it('of failed 2FA confirmations, and of nothing when the checks pass', async () => {
    const { observer, seen } = recordingObserver();
    const t = setUp({ failureLimit: LIMIT, authChecks: observer });
    const user = t.addUser();
    await t.useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: SECRET,
      verificationCode: '000000',
    });
    expect(seen).toEqual(['failed:InvalidVerificationCode']);

    const other = t.addUser();
    const passed = await t.useCases.disableAccount.execute({ userId: other.id, password: PASSWORD });
    expect(passed.ok).toBe(true);
    expect(seen).toEqual(['failed:InvalidVerificationCode']);
  });
});
