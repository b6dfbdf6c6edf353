import { startTestDnsServer, testDatabaseTargets, type TestDnsServer } from '@accounts/adapters/testing';
import { aDropEntitlement, FixedClock } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceWithStandIns } from '../outbox-support.js';
import { PASSWORD, totpCode } from '../real-service.js';
import { DELETED, expectNoServerError, refusal, rowsOf, together, USER_NOT_FOUND } from '../races.js';
import { seedSignedInUser, type SignedInUser } from '../signed-in-user.js';

// security.md, "What an attacker found": concurrent operations on one
// account never answer 500 because of each other. Delete-account beside six custom-domain POSTs
// deadlocked on PostgreSQL in about half of the runs (the two took the users row and the domain
// rows in opposite orders); every pair is run RUNS times with a fresh account, through HTTP on
// the real adapters.
const RUNS = 20;
const POSTS = 6;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const NOW = new Date('2026-03-10T12:00:00Z');
const STEP = Math.floor(NOW.getTime() / 30_000);

describe.each(await testDatabaseTargets())('lock order of one account’s writes on $label', (target) => {
  let dns: TestDnsServer;
  // Read by serviceWithStandIns' beforeAll, which runs after this one.
  const env = { DNS_SERVERS: '', DNS_TIMEOUT_MS: '1000' };
  beforeAll(async () => {
    dns = await startTestDnsServer();
    env.DNS_SERVERS = dns.address;
  });
  afterAll(() => dns.close());
  const real = serviceWithStandIns(target, {
    password: PASSWORD,
    webhooks: false,
    env,
    clock: new FixedClock(NOW),
  });
  const db = () => real.service.database.db;

  const anEnterpriseUser = (flags: { twoFactorEnabled?: boolean; twoFactorSecret?: string | null } = {}) =>
    seedSignedInUser(real, { passwordHash: real.passwordHash, ...flags }, (id) =>
      aDropEntitlement(id, { tier: 'enterprise', billingSubscriptionId: `sub_${id}` }),
    );

  const connect = (user: SignedInUser, i: number) =>
    user.call('POST', '/api/user/custom-domain', { domain: `d${i}-${user.id.slice(0, 8)}.example.com` });
  const remove = (user: SignedInUser, verificationCode?: string) =>
    user.call('POST', '/api/auth/delete-account', {
      password: PASSWORD,
      ...(verificationCode ? { verificationCode } : {}),
    });

  /** Every table that holds rows of the account: none is left once it is deleted. */
  const TABLES = ['users', 'service_access', 'domain_verifications', 'backup_codes', 'audit_logs'] as const;
  const GONE = { users: 0, service_access: 0, domain_verifications: 0, backup_codes: 0, audit_logs: 0 };

  it(`delete beside ${POSTS} custom-domain POSTs, ${RUNS} times: delete 200, the account gone, each POST 200 or as after the delete`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const user = await anEnterpriseUser();
      const [deleted, ...posts] = await together(db(), () => [
        remove(user),
        ...Array.from({ length: POSTS }, (_, i) => connect(user, i)),
      ]);
      expectNoServerError([deleted!, ...posts]);
      expect(deleted).toEqual(DELETED);
      for (const [i, post] of posts.entries()) {
        expect([200, 404], JSON.stringify(post)).toContain(post.status);
        if (post.status === 200)
          expect(post.body).toMatchObject({
            success: true,
            domain: `d${i}-${user.id.slice(0, 8)}.example.com`,
          });
        else expect(refusal(post)).toEqual(USER_NOT_FOUND);
      }
      expect(await rowsOf(db(), user.id, TABLES)).toEqual(GONE);
    }
  });

  it(`disable beside ${POSTS} custom-domain POSTs, ${RUNS} times: disable 200, the domain and its verification agree`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const user = await anEnterpriseUser();
      const [disabled, ...posts] = await together(db(), () => [
        user.call('POST', '/api/auth/disable-account', { password: PASSWORD }),
        ...Array.from({ length: POSTS }, (_, i) => connect(user, i)),
      ]);
      expectNoServerError([disabled!, ...posts]);
      expect(disabled?.status).toBe(200);
      for (const post of posts) {
        if (post.status !== 200)
          expect(post.body).toMatchObject({ statusCode: 401, code: 'ACCOUNT_DISABLED' });
      }
      const entitlement = await db()
        .selectFrom('service_access')
        .select('metadata')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      const verification = await db()
        .selectFrom('domain_verifications')
        .select('domain')
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const domain = (entitlement.metadata as { customDomain?: string } | null)?.customDomain;
      expect(verification?.domain).toBe(domain);
    }
  });

  it(`2FA confirm beside delete, ${RUNS} times: delete 200, confirm 200 or as after the delete`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const user = await anEnterpriseUser();
      const [deleted, confirmed] = await together(db(), () => [
        // Its code is for a later step than confirm's, so it passes whichever commits first.
        remove(user, totpCode(SECRET, STEP)),
        user.call('POST', '/api/auth/2fa', {
          enable: true,
          secret: SECRET,
          verificationCode: totpCode(SECRET, STEP - 1),
        }),
      ]);
      expectNoServerError([deleted!, confirmed!]);
      expect(deleted).toEqual(DELETED);
      if (confirmed?.status !== 200) expect(refusal(confirmed)).toEqual(USER_NOT_FOUND);
      expect(await rowsOf(db(), user.id, TABLES)).toEqual(GONE);
    }
  });

  it(`2FA disable with a backup code beside delete, ${RUNS} times: delete 200, disable 200 or as after the delete`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const user = await anEnterpriseUser();
      const enabled = await user.call('POST', '/api/auth/2fa', {
        enable: true,
        secret: SECRET,
        verificationCode: totpCode(SECRET, STEP - 1),
      });
      expect(enabled.status).toBe(200);
      const [backupCode] = enabled.body.backupCodes as string[];
      const [deleted, disabled] = await together(db(), () => [
        remove(user, totpCode(SECRET, STEP)),
        user.call('POST', '/api/auth/2fa', { enable: false, verificationCode: backupCode }),
      ]);
      expectNoServerError([deleted!, disabled!]);
      // A disable that commits first leaves delete's code unneeded; one that comes after finds no user.
      expect(deleted).toEqual(DELETED);
      if (disabled?.status !== 200) expect(refusal(disabled)).toEqual(USER_NOT_FOUND);
      expect(await rowsOf(db(), user.id, TABLES)).toEqual(GONE);
    }
  });

  it(`domain verify beside delete, ${RUNS} times: delete 200, each verify 200 or as after the delete`, async () => {
    for (let run = 0; run < RUNS; run++) {
      const user = await anEnterpriseUser();
      expect((await connect(user, 0)).status).toBe(200);
      const verification = await user.call('GET', '/api/user/custom-domain/verification');
      dns.records.set(verification.body.recordName as string, [[verification.body.recordValue as string]]);
      const [deleted, ...verified] = await together(db(), () => [
        remove(user),
        ...Array.from({ length: 3 }, () => user.call('POST', '/api/user/custom-domain/verify')),
      ]);
      expectNoServerError([deleted!, ...verified]);
      expect(deleted).toEqual(DELETED);
      for (const answer of verified) {
        if (answer.status === 200) expect(answer.body).toMatchObject({ status: 'verified' });
        else expect(refusal(answer)).toEqual(USER_NOT_FOUND);
      }
      expect(await rowsOf(db(), user.id, TABLES)).toEqual(GONE);
    }
  });
});
