import { ResealTwoFactorSecrets } from '@accounts/application';
import { describe, expect, it } from 'vitest';
import { BACKUP_CODES, PASSWORD, SECRET, setUp } from './support.js';

// FakeSecretCipher always has a key: a bare (base32) value is one to seal again.

describe('a TOTP secret is sealed again when it is next used successfully', () => {
  it('after re-authentication with a TOTP code', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ twoFactorSecret: SECRET });
    const result = await t.useCases.disableAccount.execute({
      userId: user.id,
      password: PASSWORD,
      verificationCode: t.code(),
    });
    expect(result.ok).toBe(true);
    expect(t.userIn(user.id)?.twoFactorSecret).toBe(t.ports.secrets.seal(user.id, SECRET));
    expect(t.ports.logger.entries.map((entry) => entry.details.event)).toContain('totp_secret_resealed');
  });

  it('after backup codes are regenerated', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ twoFactorSecret: SECRET });
    expect(
      (await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: t.code() })).ok,
    ).toBe(true);
    expect(t.userIn(user.id)?.twoFactorSecret).toBe(t.ports.secrets.seal(user.id, SECRET));
  });

  it.each([
    ['a wrong code', '000000', PASSWORD],
    ['a wrong password', 'right', 'guess'],
    ['a backup code (the secret is not used)', BACKUP_CODES[0], PASSWORD],
  ])('not after %s', async (_name, code, password) => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ twoFactorSecret: SECRET });
    await t.useCases.enableAccount.execute({
      userId: user.id,
      password,
      verificationCode: code === 'right' ? t.code() : code,
    });
    expect(t.userIn(user.id)?.twoFactorSecret).toBe(SECRET);
  });

  it('leaves a secret sealed with the current key as it is', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    const stored = t.userIn(user.id)?.twoFactorSecret;
    await t.useCases.enableAccount.execute({
      userId: user.id,
      password: PASSWORD,
      verificationCode: t.code(),
    });
    expect(t.userIn(user.id)?.twoFactorSecret).toBe(stored);
  });

  it('does not fail the request when the new value cannot be written', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor({ twoFactorSecret: SECRET });
    t.users.replaceTwoFactorSecret = () => Promise.reject(new Error('database unavailable'));
    const result = await t.useCases.disableAccount.execute({
      userId: user.id,
      password: PASSWORD,
      verificationCode: t.code(),
    });
    expect(result.ok).toBe(true);
    expect(t.userIn(user.id)?.twoFactorSecret).toBe(SECRET);
    expect(t.ports.logger.entries.map((entry) => entry.details.event)).toContain('totp_secret_reseal_failed');
  });
});

describe('ResealTwoFactorSecrets', () => {
  it('seals every stale secret, page after page, and counts what it changed', async () => {
    const t = setUp();
    const bare = Array.from({ length: 1_203 }, () => t.addUserWithTwoFactor({ twoFactorSecret: SECRET }));
    const current = t.addUserWithTwoFactor();
    const without = t.addUser();
    const reseal = new ResealTwoFactorSecrets(t.ports);

    expect(await reseal.execute()).toEqual({ resealed: 1_203, unreadable: [] });
    for (const user of [...bare, current]) {
      expect(t.userIn(user.id)?.twoFactorSecret).toBe(t.ports.secrets.seal(user.id, SECRET));
    }
    expect(t.userIn(without.id)?.twoFactorSecret).toBeNull();
    expect(await reseal.execute()).toEqual({ resealed: 0, unreadable: [] });
  });

  it('leaves a secret no key opens as it is, and names its user', async () => {
    const t = setUp();
    const foreign = t.ports.secrets.seal('someone-else', SECRET);
    const unreadable = t.addUserWithTwoFactor({ twoFactorSecret: foreign });
    // As if sealed with a key that is no longer configured.
    t.ports.secrets.needsReseal = (stored) => stored === foreign || !stored.startsWith('sealed:');
    const ok = t.addUserWithTwoFactor({ twoFactorSecret: SECRET });

    expect(await new ResealTwoFactorSecrets(t.ports).execute()).toEqual({
      resealed: 1,
      unreadable: [unreadable.id],
    });
    expect(t.userIn(unreadable.id)?.twoFactorSecret).toBe(foreign);
    expect(t.userIn(ok.id)?.twoFactorSecret).toBe(t.ports.secrets.seal(ok.id, SECRET));
  });
});
