import { describe, expect, it } from 'vitest';
import { MAX_PASSKEYS_PER_ACCOUNT, PASSKEY_CHALLENGE_TTL_MS } from '@accounts/application';
import type { FakeAssertion } from '@accounts/application/testing';
import { BACKUP_CODES, PASSWORD, setUp, type TestContext } from './support.js';

/** What a registration carries besides the response: the second factor, the password. */
type Proof = { verificationCode?: string; passkey?: unknown; password?: string };

/** Fetches registration options for `userId` and registers credential `credentialId` with them. */
async function register(
  t: TestContext,
  userId: string,
  credentialId: string,
  name?: string,
  proof: Proof = {},
) {
  const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId });
  if (!options.ok) throw new Error('no registration options');
  const added = await t.useCases.registerPasskey.execute({
    userId,
    response: { challenge: options.value.challenge, credentialId },
    name,
    ...proof,
  });
  if (!added.ok) throw new Error(`registration refused: ${added.error.type}`);
  return added.value;
}

/** Fetches authentication options for `userId` and makes an assertion with `credentialId`. */
async function assertion(
  t: TestContext,
  userId: string,
  credentialId: string,
  overrides: Partial<FakeAssertion> = {},
): Promise<FakeAssertion> {
  const options = await t.useCases.getPasskeyAuthenticationOptions.execute({ userId });
  if (!options.ok) throw new Error(`no authentication options: ${options.error.type}`);
  return { id: credentialId, challenge: options.value.challenge, counter: 1, ...overrides };
}

const disable = (t: TestContext, userId: string, passkey: unknown, verificationCode?: string) =>
  t.useCases.disableAccount.execute({ userId, password: PASSWORD, passkey, verificationCode });

describe('passkey registration', () => {
  it('gives options that name the user and exclude its passkeys, and registers with their challenge', async () => {
    const t = setUp();
    const user = t.addUser();
    const first = await register(t, user.id, 'cred-1', 'Laptop');
    expect(first).toEqual({
      id: expect.any(String) as string,
      name: 'Laptop',
      createdAt: t.ports.clock.now(),
      lastUsedAt: null,
    });

    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    expect(options).toMatchObject({
      ok: true,
      value: { user: { name: user.email }, excludeCredentials: [{ id: 'cred-1' }], attestation: 'none' },
    });
    expect(t.db.auditOf(user.id)).toEqual([
      { userId: user.id, event: 'PASSKEY_ADD', details: { passkeyId: first.id, name: 'Laptop' } },
    ]);
    expect(t.ports.outbox.entries({ kind: 'webhook' }).map((entry) => entry.payload)).toMatchObject([
      { type: 'passkey.added', data: { userId: user.id, passkeyId: first.id, name: 'Laptop' } },
    ]);
  });

  it('names a passkey Passkey by default', async () => {
    const t = setUp();
    const user = t.addUser();
    expect((await register(t, user.id, 'cred-1')).name).toBe('Passkey');
  });

  it('uses a challenge once, whatever the outcome', async () => {
    const t = setUp();
    const user = t.addUser();
    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    if (!options.ok) throw new Error('no options');
    const challenge = options.value.challenge;
    expect(
      await t.useCases.registerPasskey.execute({ userId: user.id, response: { challenge, valid: false } }),
    ).toEqual({ ok: false, error: { type: 'InvalidPasskeyResponse' } });
    expect(
      await t.useCases.registerPasskey.execute({
        userId: user.id,
        response: { challenge, credentialId: 'c' },
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidPasskeyResponse' } });
    expect(t.db.passkeys).toEqual([]);
    expect(t.db.auditOf(user.id)).toEqual([]);
  });

  it('refuses a challenge older than five minutes, and one of an older request', async () => {
    const t = setUp();
    const user = t.addUser();
    const old = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    const latest = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    if (!old.ok || !latest.ok) throw new Error('no options');
    expect(
      await t.useCases.registerPasskey.execute({
        userId: user.id,
        response: { challenge: old.value.challenge, credentialId: 'c' },
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidPasskeyResponse' } });

    const again = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    if (!again.ok) throw new Error('no options');
    t.ports.clock.advance(PASSKEY_CHALLENGE_TTL_MS);
    expect(
      await t.useCases.registerPasskey.execute({
        userId: user.id,
        response: { challenge: again.value.challenge, credentialId: 'c' },
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidPasskeyResponse' } });
  });

  it('refuses a credential already registered, by anyone, and audits nothing', async () => {
    const t = setUp();
    const owner = t.addUser();
    const other = t.addUser();
    await register(t, owner.id, 'cred-1');
    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: other.id });
    if (!options.ok) throw new Error('no options');
    expect(
      await t.useCases.registerPasskey.execute({
        userId: other.id,
        response: { challenge: options.value.challenge, credentialId: 'cred-1' },
      }),
    ).toEqual({ ok: false, error: { type: 'PasskeyAlreadyRegistered' } });
    expect(t.db.auditOf(other.id)).toEqual([]);
  });

  it(`keeps at most ${MAX_PASSKEYS_PER_ACCOUNT} passkeys an account: the next one is refused and stores nothing`, async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-0');
    for (let i = 1; i < MAX_PASSKEYS_PER_ACCOUNT; i++) {
      await register(t, user.id, `cred-${i}`, undefined, {
        passkey: await assertion(t, user.id, 'cred-0', { counter: i }),
      });
    }
    expect(t.db.passkeys).toHaveLength(20);
    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    if (!options.ok) throw new Error('no options');
    expect(
      await t.useCases.registerPasskey.execute({
        userId: user.id,
        response: { challenge: options.value.challenge, credentialId: 'cred-20' },
        passkey: await assertion(t, user.id, 'cred-0', { counter: 20 }),
      }),
    ).toEqual({ ok: false, error: { type: 'TooManyPasskeys' } });
    expect(t.db.passkeys).toHaveLength(20);
    expect(t.db.auditOf(user.id).filter((record) => record.event === 'PASSKEY_ADD')).toHaveLength(20);
  });

  it('answers UserNotFound for an unknown user', async () => {
    const t = setUp();
    const missing = { ok: false, error: { type: 'UserNotFound' } };
    expect(await t.useCases.getPasskeyRegistrationOptions.execute({ userId: 'nobody' })).toEqual(missing);
    expect(await t.useCases.registerPasskey.execute({ userId: 'nobody', response: {} })).toEqual(missing);
    expect(await t.useCases.listPasskeys.execute({ userId: 'nobody' })).toEqual(missing);
    expect(await t.useCases.getPasskeyAuthenticationOptions.execute({ userId: 'nobody' })).toEqual(missing);
  });
});

describe('adding a passkey is a change of the second factor', () => {
  /** A registration of `credentialId` with fresh options and `proof`; the raw result. */
  async function tryRegister(t: TestContext, userId: string, credentialId: string, proof: Proof = {}) {
    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId });
    if (!options.ok) throw new Error('no registration options');
    return t.useCases.registerPasskey.execute({
      userId,
      response: { challenge: options.value.challenge, credentialId },
      ...proof,
    });
  }

  it('asks a TOTP account for its code: missing, wrong (counted) and used codes store nothing', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    expect(await tryRegister(t, user.id, 'cred-1')).toEqual({
      ok: false,
      error: { type: 'TwoFactorCodeRequired' },
    });
    expect(await tryRegister(t, user.id, 'cred-1', { verificationCode: '000000' })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(t.failures(user.id).client).toBe(1);
    expect(t.db.passkeys).toEqual([]);
    expect(t.db.auditOf(user.id)).toEqual([]);

    const code = t.code();
    expect((await tryRegister(t, user.id, 'cred-1', { verificationCode: code })).ok).toBe(true);
    expect(await tryRegister(t, user.id, 'cred-2', { verificationCode: code })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(t.db.passkeys.map((passkey) => passkey.credentialId)).toEqual(['cred-1']);
  });

  it('takes a backup code once, the way back for a lost authenticator', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    expect((await tryRegister(t, user.id, 'cred-1', { verificationCode: BACKUP_CODES[1] })).ok).toBe(true);
    expect(await tryRegister(t, user.id, 'cred-2', { verificationCode: BACKUP_CODES[1] })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(t.backupCodesOf(user.id)).toHaveLength(BACKUP_CODES.length - 1);
  });

  it('asks an account with a passkey for an assertion of one, even with TOTP off', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    expect(await tryRegister(t, user.id, 'cred-2')).toEqual({
      ok: false,
      error: { type: 'TwoFactorCodeRequired' },
    });
    expect(await tryRegister(t, user.id, 'cred-2', { verificationCode: '123456' })).toEqual({
      ok: false,
      error: { type: 'InvalidVerificationCode' },
    });
    expect(
      await tryRegister(t, user.id, 'cred-2', {
        passkey: await assertion(t, user.id, 'cred-1', { valid: false }),
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });
    expect(t.failures(user.id).client).toBe(2);
    expect(t.db.passkeys).toHaveLength(1);
    expect(
      (await tryRegister(t, user.id, 'cred-2', { passkey: await assertion(t, user.id, 'cred-1') })).ok,
    ).toBe(true);
    expect(t.db.passkeys).toHaveLength(2);
  });

  it('a stolen token alone cannot add a passkey and then turn TOTP off with it', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    expect((await tryRegister(t, user.id, 'thief')).ok).toBe(false);
    expect(await t.useCases.getPasskeyAuthenticationOptions.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'NoPasskeyRegistered' },
    });
    expect(t.userIn(user.id)?.twoFactorEnabled).toBe(true);
  });

  describe('with TWO_FACTOR_REQUIRE_PASSWORD', () => {
    it('checks the password first, on every account, counting a wrong one', async () => {
      const t = setUp({ twoFactorRequiresPassword: true });
      const user = t.addUser();
      expect(await tryRegister(t, user.id, 'cred-1')).toEqual({
        ok: false,
        error: { type: 'PasswordRequired' },
      });
      expect(await tryRegister(t, user.id, 'cred-1', { password: 'wrong' })).toEqual({
        ok: false,
        error: { type: 'InvalidPassword' },
      });
      expect(t.failures(user.id).client).toBe(1);
      expect((await tryRegister(t, user.id, 'cred-1', { password: PASSWORD })).ok).toBe(true);
      expect(t.failures(user.id).client).toBe(0);
    });

    it('then asks for the second factor when it is on', async () => {
      const t = setUp({ twoFactorRequiresPassword: true });
      const user = t.addUserWithTwoFactor();
      expect(await tryRegister(t, user.id, 'cred-1', { verificationCode: t.code() })).toEqual({
        ok: false,
        error: { type: 'PasswordRequired' },
      });
      expect(await tryRegister(t, user.id, 'cred-1', { password: PASSWORD })).toEqual({
        ok: false,
        error: { type: 'TwoFactorCodeRequired' },
      });
      expect(
        (await tryRegister(t, user.id, 'cred-1', { password: PASSWORD, verificationCode: t.code() })).ok,
      ).toBe(true);
    });
  });
});

describe('listing passkeys and the 2FA status', () => {
  it("lists the caller's passkeys oldest first, never another's, and counts them", async () => {
    const t = setUp();
    const user = t.addUser();
    const other = t.addUser();
    const first = await register(t, user.id, 'cred-1', 'One');
    t.ports.clock.advance(1000);
    const second = await register(t, user.id, 'cred-2', 'Two', {
      passkey: await assertion(t, user.id, 'cred-1'),
    });
    await register(t, other.id, 'cred-3');
    expect(await t.useCases.listPasskeys.execute({ userId: user.id })).toEqual({
      ok: true,
      value: [{ ...first, lastUsedAt: t.ports.clock.now() }, second],
    });
    expect(await t.useCases.getTwoFactorStatus.execute({ userId: user.id })).toEqual({
      ok: true,
      value: { twoFactorEnabled: false, backupCodesRemaining: 0, passkeys: 2 },
    });
  });
});

describe('authentication options', () => {
  it('refuses an account without a passkey', async () => {
    const t = setUp();
    const user = t.addUser();
    expect(await t.useCases.getPasskeyAuthenticationOptions.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'NoPasskeyRegistered' },
    });
  });

  it('answers UserNotFound, not NoPasskeyRegistered, when a delete commits between its two reads', async () => {
    const t = setUp({}, (ports) => {
      const listByUser = ports.passkeys.listByUser.bind(ports.passkeys);
      ports.passkeys.listByUser = (userId) => {
        ports.db.users.delete(userId); // the delete-account commits here, passkeys and all
        return listByUser(userId);
      };
    });
    const user = t.addUser();
    expect(await t.useCases.getPasskeyAuthenticationOptions.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });

  it("allows the caller's passkeys, with user verification required", async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    expect(await t.useCases.getPasskeyAuthenticationOptions.execute({ userId: user.id })).toMatchObject({
      ok: true,
      value: { allowCredentials: [{ id: 'cred-1' }], userVerification: 'required' },
    });
  });
});

describe('a passkey as the second factor of re-authentication', () => {
  it('disables the account with an assertion, and records the counter and the time of use', async () => {
    const t = setUp();
    const user = t.addUser();
    const passkey = await register(t, user.id, 'cred-1');
    t.ports.clock.advance(60_000);
    expect(await disable(t, user.id, await assertion(t, user.id, 'cred-1', { counter: 7 }))).toEqual({
      ok: true,
      value: undefined,
    });
    expect(t.db.passkeys).toMatchObject([{ id: passkey.id, counter: 7, lastUsedAt: t.ports.clock.now() }]);
    expect(t.userIn(user.id)?.disabled).toBe(true);
  });

  it('asks for the second factor once a passkey is registered, even with TOTP off', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    expect(await disable(t, user.id, undefined)).toEqual({
      ok: false,
      error: { type: 'TwoFactorCodeRequired' },
    });
    expect(await disable(t, user.id, undefined, '123456')).toEqual({
      ok: false,
      error: { type: 'InvalidTwoFactorCode' },
    });
    expect(t.failures(user.id).client).toBe(1);
  });

  it('refuses a replayed assertion: the challenge is used once', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    const signed = await assertion(t, user.id, 'cred-1');
    expect(
      (await t.useCases.banAccount.execute({ userId: user.id, password: PASSWORD, passkey: signed })).ok,
    ).toBe(true);
    expect(
      await t.useCases.unbanAccount.execute({
        userId: user.id,
        password: PASSWORD,
        passkey: { ...signed, counter: 2 },
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidTwoFactorCode' } });
  });

  it('refuses an assertion whose challenge expired, and counts it as a failure', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    const signed = await assertion(t, user.id, 'cred-1');
    t.ports.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1);
    expect(await disable(t, user.id, signed)).toEqual({ ok: false, error: { type: 'InvalidTwoFactorCode' } });
    expect(t.failures(user.id)).toEqual({ client: 1, account: 1 });
  });

  it("refuses another account's passkey", async () => {
    const t = setUp();
    const user = t.addUser();
    const other = t.addUser();
    await register(t, user.id, 'cred-1');
    await register(t, other.id, 'cred-2');
    expect(await disable(t, user.id, await assertion(t, user.id, 'cred-2'))).toEqual({
      ok: false,
      error: { type: 'InvalidTwoFactorCode' },
    });
  });

  it('refuses an assertion that does not verify', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    expect(await disable(t, user.id, await assertion(t, user.id, 'cred-1', { valid: false }))).toEqual({
      ok: false,
      error: { type: 'InvalidTwoFactorCode' },
    });
    expect(t.userIn(user.id)?.disabled).toBe(false);
  });

  it('refuses and audits a counter that does not grow, 0 after a stored 5 included', async () => {
    const t = setUp();
    const user = t.addUser();
    const passkey = await register(t, user.id, 'cred-1');
    expect((await disable(t, user.id, await assertion(t, user.id, 'cred-1', { counter: 5 }))).ok).toBe(true);
    const enable = async (counter: number) =>
      t.useCases.enableAccount.execute({
        userId: user.id,
        password: PASSWORD,
        passkey: await assertion(t, user.id, 'cred-1', { counter }),
      });
    expect(await enable(5)).toEqual({ ok: false, error: { type: 'InvalidTwoFactorCode' } });
    expect(await enable(3)).toEqual({ ok: false, error: { type: 'InvalidTwoFactorCode' } });
    expect(await enable(0)).toEqual({ ok: false, error: { type: 'InvalidTwoFactorCode' } });
    const regression = {
      userId: user.id,
      event: 'PASSKEY_COUNTER_REGRESSION',
      details: { passkeyId: passkey.id },
    };
    expect(t.db.auditOf(user.id).filter((r) => r.event === 'PASSKEY_COUNTER_REGRESSION')).toEqual([
      regression,
      regression,
      regression,
    ]);
    expect(t.ports.logger.entries.some((entry) => entry.details.event === 'PASSKEY_COUNTER_REGRESSION')).toBe(
      true,
    );
    expect(await enable(6)).toEqual({ ok: true, value: undefined });
    expect(t.db.passkeys[0]?.counter).toBe(6);
  });

  it('accepts a counter of 0 from an authenticator that has none (0 stored)', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    expect((await disable(t, user.id, await assertion(t, user.id, 'cred-1', { counter: 0 }))).ok).toBe(true);
    const enabled = await t.useCases.enableAccount.execute({
      userId: user.id,
      password: PASSWORD,
      passkey: await assertion(t, user.id, 'cred-1', { counter: 0 }),
    });
    expect(enabled).toEqual({ ok: true, value: undefined });
    expect(t.db.passkeys[0]?.counter).toBe(0);
  });

  it('refuses an assertion when the account has no passkey but TOTP is on; ignores one with neither', async () => {
    const t = setUp();
    const withTotp = t.addUserWithTwoFactor();
    const signed = { id: 'cred-1', challenge: 'challenge-1', counter: 1 };
    expect(await disable(t, withTotp.id, signed)).toEqual({
      ok: false,
      error: { type: 'InvalidTwoFactorCode' },
    });
    const plain = t.addUser();
    expect(await disable(t, plain.id, signed)).toEqual({ ok: true, value: undefined });
  });

  it('still takes a TOTP code when a passkey is registered too', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    await register(t, user.id, 'cred-1', undefined, { verificationCode: BACKUP_CODES[0] });
    expect(await disable(t, user.id, undefined, t.code())).toEqual({ ok: true, value: undefined });
  });

  it('turns TOTP off with a passkey on 2FA disable, and keeps the passkeys', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    await register(t, user.id, 'cred-1', undefined, { verificationCode: BACKUP_CODES[0] });
    const bad = await t.useCases.disableTwoFactor.execute({
      userId: user.id,
      passkey: await assertion(t, user.id, 'cred-1', { valid: false }),
    });
    expect(bad).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });
    const off = await t.useCases.disableTwoFactor.execute({
      userId: user.id,
      passkey: await assertion(t, user.id, 'cred-1'),
    });
    expect(off).toEqual({ ok: true, value: undefined });
    expect(t.userIn(user.id)).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null });
    expect(t.backupCodesOf(user.id)).toEqual([]);
    expect(t.db.passkeys).toHaveLength(1);
    expect(await t.useCases.getTwoFactorStatus.execute({ userId: user.id })).toMatchObject({
      value: { twoFactorEnabled: false, passkeys: 1 },
    });
  });

  it('regenerates backup codes with a passkey, and refuses a bad assertion', async () => {
    const t = setUp();
    const user = t.addUserWithTwoFactor();
    await register(t, user.id, 'cred-1', undefined, { verificationCode: BACKUP_CODES[0] });
    expect(
      await t.useCases.regenerateBackupCodes.execute({
        userId: user.id,
        passkey: await assertion(t, user.id, 'cred-1', { valid: false }),
      }),
    ).toEqual({ ok: false, error: { type: 'InvalidVerificationCode' } });
    const regenerated = await t.useCases.regenerateBackupCodes.execute({
      userId: user.id,
      passkey: await assertion(t, user.id, 'cred-1'),
    });
    expect(regenerated).toMatchObject({ ok: true, value: { backupCodes: expect.any(Array) as string[] } });
    expect(t.backupCodesOf(user.id)).toHaveLength(10);
  });
});

describe('removing a passkey', () => {
  it('re-authenticates, removes the passkey, and audits it', async () => {
    const t = setUp();
    const user = t.addUser();
    const passkey = await register(t, user.id, 'cred-1', 'Laptop');
    const remove = (input: { password: string; passkey?: unknown; passkeyId?: string }) =>
      t.useCases.removePasskey.execute({ userId: user.id, passkeyId: passkey.id, ...input });
    expect(await remove({ password: 'wrong' })).toEqual({ ok: false, error: { type: 'InvalidPassword' } });
    expect(await remove({ password: PASSWORD })).toEqual({
      ok: false,
      error: { type: 'TwoFactorCodeRequired' },
    });
    expect(
      await remove({
        password: PASSWORD,
        passkeyId: 'other',
        passkey: await assertion(t, user.id, 'cred-1'),
      }),
    ).toEqual({ ok: false, error: { type: 'PasskeyNotFound' } });
    expect(
      await remove({ password: PASSWORD, passkey: await assertion(t, user.id, 'cred-1', { counter: 2 }) }),
    ).toEqual({
      ok: true,
      value: undefined,
    });
    expect(t.db.passkeys).toEqual([]);
    expect(t.db.auditOf(user.id).at(-1)).toEqual({
      userId: user.id,
      event: 'PASSKEY_REMOVE',
      details: { passkeyId: passkey.id, name: 'Laptop' },
    });
    expect(t.ports.outbox.entries({ kind: 'webhook' }).at(-1)?.payload).toMatchObject({
      type: 'passkey.removed',
      data: { passkeyId: passkey.id, name: 'Laptop' },
    });
  });

  it('removes the passkeys with a deleted account', async () => {
    const t = setUp();
    const user = t.addUser();
    await register(t, user.id, 'cred-1');
    const deleted = await t.useCases.deleteAccount.execute({
      userId: user.id,
      password: PASSWORD,
      passkey: await assertion(t, user.id, 'cred-1'),
    });
    expect(deleted.ok).toBe(true);
    expect(t.db.passkeys).toEqual([]);
  });
});
