import type { UnitOfWork } from '@accounts/application';
import { verificationRecordName, verificationRecordValue } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { setUp } from './support.js';

// Every unit of work that writes an account's rows takes the account's lock first
// (UserRepository.lock); one whose account was deleted between the request's reads and its
// transaction answers as a request after the delete does, and writes nothing.

/** The use cases over a unit of work that deletes `victim.id` just before the work runs. */
function deletedBeforeTheWork() {
  const victim = { id: '' };
  const t = setUp({}, (ports) => {
    const inner = ports.unitOfWork;
    const deleting: UnitOfWork = {
      run: async (work) => {
        if (victim.id) await ports.users.delete(victim.id);
        return inner.run(work);
      },
    };
    ports.unitOfWork = deleting;
  });
  return { ...t, victim };
}

describe('a change whose account is deleted before its transaction', () => {
  it('connect custom domain answers UserNotFound and leaves no verification', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    t.addEntitlement(user.id, { tier: 'enterprise' });
    t.victim.id = user.id;

    expect(
      await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'shop.example.com' }),
    ).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(t.db.domainVerifications.size).toBe(0);
    expect(t.db.auditRecords).toEqual([]);
  });

  it('disconnect custom domain answers UserNotFound, with nothing removed', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    t.addEntitlement(user.id, { tier: 'enterprise', metadata: { customDomain: 'shop.example.com' } });
    t.victim.id = user.id;

    expect(await t.useCases.disconnectCustomDomain.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(t.db.auditRecords).toEqual([]);
  });

  it('2FA confirm answers UserNotFound', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    t.victim.id = user.id;

    const confirmed = await t.useCases.confirmTwoFactor.execute({
      userId: user.id,
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      verificationCode: t.code(),
    });
    expect(confirmed).toEqual({ ok: false, error: { type: 'UserNotFound' } });
    expect(t.db.users.size).toBe(0);
  });

  it('2FA disable with a backup code answers UserNotFound', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUserWithTwoFactor();
    t.victim.id = user.id;

    expect(
      await t.useCases.disableTwoFactor.execute({ userId: user.id, verificationCode: 'abcde-fghjk' }),
    ).toEqual({ ok: false, error: { type: 'UserNotFound' } });
  });

  it('passkey registration and authentication options answer UserNotFound and keep no challenge', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    // A passkey of the account, so that authentication options get as far as their challenge.
    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    if (!options.ok) throw new Error('no options');
    const registered = await t.useCases.registerPasskey.execute({
      userId: user.id,
      response: { challenge: options.value.challenge, credentialId: 'cred-1' },
    });
    expect(registered.ok).toBe(true);
    t.victim.id = user.id;

    const gone = { ok: false, error: { type: 'UserNotFound' } };
    expect(await t.useCases.getPasskeyAuthenticationOptions.execute({ userId: user.id })).toEqual(gone);
    t.addUser({ id: user.id });
    expect(await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id })).toEqual(gone);
    expect(t.db.passkeyChallenges).toEqual([]);
  });

  it('passkey registration answers UserNotFound and stores nothing', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    const options = await t.useCases.getPasskeyRegistrationOptions.execute({ userId: user.id });
    if (!options.ok) throw new Error('no options');
    t.victim.id = user.id;

    expect(
      await t.useCases.registerPasskey.execute({
        userId: user.id,
        response: { challenge: options.value.challenge, credentialId: 'cred-1' },
      }),
    ).toEqual({ ok: false, error: { type: 'UserNotFound' } });
    expect(t.db.passkeys).toEqual([]);
    expect(t.db.auditRecords).toEqual([]);
  });

  it('backup-code regeneration answers UserNotFound', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUserWithTwoFactor();
    t.victim.id = user.id;

    expect(
      await t.useCases.regenerateBackupCodes.execute({ userId: user.id, verificationCode: t.code() }),
    ).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(t.db.backupCodes.size).toBe(0);
  });

  it('a verify whose record is found answers UserNotFound; and writes nothing', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    t.addEntitlement(user.id, { tier: 'enterprise' });
    expect(
      (await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'shop.example.com' })).ok,
    ).toBe(true);
    const { token } = t.db.domainVerifications.get(user.id)!;
    t.ports.dns.records.set(verificationRecordName('shop.example.com'), [[verificationRecordValue(token)]]);
    t.victim.id = user.id;

    expect(await t.useCases.verifyCustomDomain.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(t.db.auditRecords).toEqual([]);
  });

  it('the worker’s re-check of a domain whose account went counts it as checked, not verified', async () => {
    const t = deletedBeforeTheWork();
    const user = t.addUser();
    t.addEntitlement(user.id, { tier: 'enterprise' });
    expect(
      (await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'store.example.com' })).ok,
    ).toBe(true);
    const { token } = t.db.domainVerifications.get(user.id)!;
    t.ports.dns.records.set(verificationRecordName('store.example.com'), [[verificationRecordValue(token)]]);
    t.victim.id = user.id;

    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 0, checked: 1, verified: 0 });
  });
});
