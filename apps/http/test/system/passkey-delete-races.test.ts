import { randomBytes } from 'node:crypto';
import { createTransactionalPorts } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { FixedClock } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { serviceWithStandIns } from '../outbox-support.js';
import { PASSWORD, totpCode } from '../real-service.js';
import { DELETED, expectNoServerError, refusal, rowsOf, together, USER_NOT_FOUND } from '../races.js';
import { enableTwoFactor, seedSignedInUser, type SignedInUser } from '../signed-in-user.js';
import { SoftwareAuthenticator } from '../software-authenticator.js';

// Passkey requests beside a delete-account (decisions.md, "Hardening": the lock order; concurrent
// operations on one account never answer 500 because of each other). Options and registrations
// wrote their challenge or passkey without taking the account's row first, and answered 500 (a
// foreign-key violation) when the delete committed in between. Each pair runs RUNS times with a
// fresh account, through HTTP on the real adapters.
const ORIGIN = 'http://localhost:3000';
const RUNS = 20;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const NOW = new Date('2026-03-10T12:00:00Z');
const STEP = Math.floor(NOW.getTime() / 30_000);

describe.each(await testDatabaseTargets())('passkey requests beside a delete on $label', (target) => {
  const real = serviceWithStandIns(target, {
    password: PASSWORD,
    webhooks: false,
    env: { WEBAUTHN_ORIGINS: ORIGIN, AUTH_MAX_FAILURES: '1000' },
    clock: new FixedClock(NOW),
  });
  const db = () => real.service.database.db;

  /** A user with TOTP on (its code of STEP - 1 used), so that delete proves it with the code of STEP. */
  async function aUserWithTotp(): Promise<{ user: SignedInUser; backupCode: string }> {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash });
    const backupCodes = await enableTwoFactor(user, SECRET, totpCode(SECRET, STEP - 1));
    return { user, backupCode: backupCodes[0] ?? '' };
  }

  const remove = (user: SignedInUser) =>
    user.call('POST', '/api/auth/delete-account', {
      password: PASSWORD,
      verificationCode: totpCode(SECRET, STEP),
    });

  const TABLES = ['users', 'passkeys', 'passkey_challenges', 'audit_logs'] as const;
  const GONE = { users: 0, passkeys: 0, passkey_challenges: 0, audit_logs: 0 };

  it(`registration and authentication options beside delete, ${RUNS} times: delete 200, each 200 or 404`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const { user } = await aUserWithTotp();
      // A passkey, so that authentication options get as far as writing their challenge.
      const added = await createTransactionalPorts(db()).passkeys.add({
        userId: user.id,
        credentialId: randomBytes(16).toString('base64url'),
        publicKey: 'not-used-here',
        counter: 0,
        transports: ['internal'],
        name: 'Laptop',
      });
      expect(added.ok).toBe(true);
      const [deleted, ...options] = await together(db(), () => [
        remove(user),
        ...Array.from({ length: 3 }, () => user.call('POST', '/api/auth/passkeys/registration-options')),
        ...Array.from({ length: 3 }, () => user.call('POST', '/api/auth/passkeys/authentication-options')),
      ]);
      expectNoServerError([deleted!, ...options]);
      expect(deleted).toEqual(DELETED);
      for (const answer of options) {
        if (answer.status === 200) expect(answer.body).toHaveProperty('challenge');
        else expect(refusal(answer)).toEqual(USER_NOT_FOUND);
      }
      expect(await rowsOf(db(), user.id, TABLES)).toEqual(GONE);
    }
  });

  it(`registration beside delete, ${RUNS} times: delete 200, registration 201 or 404, nothing left`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const { user, backupCode } = await aUserWithTotp();
      const options = await user.call('POST', '/api/auth/passkeys/registration-options');
      expect(options.status).toBe(200);
      const response = new SoftwareAuthenticator({ origin: ORIGIN, rpId: 'localhost' }).create(
        options.body as { challenge: string },
      );
      const [deleted, registered] = await together(db(), () => [
        remove(user),
        user.call('POST', '/api/auth/passkeys', { response, verificationCode: backupCode }),
      ]);
      expectNoServerError([deleted!, registered!]);
      expect(deleted).toEqual(DELETED);
      if (registered?.status !== 201) expect(refusal(registered)).toEqual(USER_NOT_FOUND);
      expect(await rowsOf(db(), user.id, TABLES)).toEqual(GONE);
    }
  });
});
