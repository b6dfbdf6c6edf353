import { createTransactionalPorts } from '@accounts/adapters';
import { testDatabaseTargets } from '@accounts/adapters/testing';
import { FixedClock } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { realServiceSuite, totpCode, UNTHROTTLED } from './real-service.js';
import { enableTwoFactor, seedSignedInUser } from './signed-in-user.js';

// GET /api/user/export on the real adapters.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const START = new Date('2026-03-01T12:00:00Z');
const stepAt = (at: Date) => Math.floor(at.getTime() / 30_000);

type Export = {
  exportedAt: string;
  account: Record<string, unknown>;
  entitlements: Record<string, unknown>[];
  passkeys: unknown[];
  domainVerification: Record<string, unknown> | null;
  signInFailures: Record<string, unknown>[];
  deliveries: Record<string, unknown>[];
  securityEvents: { id: string; event: string; details: Record<string, unknown>; createdAt: string }[];
};

describe.each(await testDatabaseTargets())('GET /api/user/export on $label', (target) => {
  const clock = new FixedClock(START);
  const real = realServiceSuite(target, {
    env: UNTHROTTLED,
    clock,
  });

  it('holds every record of the account, newest event first, and no hash, secret, backup code or key', async () => {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash, displayName: 'Ada' });
    const db = real.service.database.db;
    await db
      .insertInto('service_access')
      .values({
        user_id: user.id,
        service: 'DROP',
        tier: 'enterprise',
        billing_customer_id: 'cus_export',
        billing_subscription_id: 'sub_export',
        metadata: JSON.stringify({ customDomain: 'files.example.com', customDomainVerified: false }) as never,
      })
      .execute();
    const backupCodes = await enableTwoFactor(user, SECRET, totpCode(SECRET, stepAt(clock.now())));
    expect(
      (await user.call('POST', '/api/user/custom-domain', { domain: 'docs.example.com' })).status,
    ).toBeLessThan(300);

    await db
      .insertInto('passkeys')
      .values({
        id: 'passkey-export',
        user_id: user.id,
        credential_id: 'credential-export',
        public_key: 'public-key-never-exported',
        counter: 3,
        name: 'Laptop',
      })
      .execute();

    const response = await user.send('GET', '/api/user/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="account-export.json"');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    const exported = JSON.parse(text) as Export;

    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(exported.account).toEqual({
      id: user.id,
      email: user.email,
      displayName: 'Ada',
      twoFactorEnabled: true,
      disabled: false,
      banned: false,
      createdAt: row.created_at.toISOString(),
    });
    expect(exported.entitlements).toEqual([
      {
        service: 'DROP',
        tier: 'enterprise',
        billingCustomerId: 'cus_export',
        billingSubscriptionId: 'sub_export',
        customDomain: 'docs.example.com',
        customDomainVerified: false,
      },
    ]);
    expect(exported.passkeys).toEqual([
      { id: 'passkey-export', name: 'Laptop', createdAt: expect.any(String) as unknown, lastUsedAt: null },
    ]);
    expect(text).not.toContain('public-key-never-exported');
    expect(text).not.toContain('credential-export');
    expect(Date.parse(exported.exportedAt)).not.toBeNaN();

    // Every audit record of the account, newest first.
    const audit = await db
      .selectFrom('audit_logs')
      .select(['id', 'event'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(exported.securityEvents.map((event) => [event.id, event.event])).toEqual(
      audit.map((record) => [String(record.id), record.event]),
    );

    // No secret, in any form the database or the user has it.
    const storedCodes = await db
      .selectFrom('backup_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(storedCodes).toHaveLength(10);
    const secrets = [
      real.passwordHash,
      SECRET,
      row.two_factor_secret!,
      ...backupCodes,
      ...backupCodes.map((code) => code.replace('-', '')),
      ...storedCodes.map((code) => code.code_hash),
    ];
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const key of [
      'passwordHash',
      'password_hash',
      'twoFactorSecret',
      'codeHash',
      'publicKey',
      'challenge',
    ]) {
      // As a key: the verification's record name (`_accounts-challenge.<domain>`) is data, not a challenge.
      expect(text).not.toContain(`"${key}"`);
    }
  });

  it('holds the domain verification, the failure counts with the client address, and the queued deliveries, without a signature or access token', async () => {
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash });
    const db = real.service.database.db;
    const empty = JSON.parse(await (await user.send('GET', '/api/user/export')).text()) as Export;
    expect(empty).toMatchObject({ domainVerification: null, signInFailures: [], deliveries: [] });

    await db
      .insertInto('service_access')
      .values({ user_id: user.id, service: 'DROP', tier: 'enterprise', billing_subscription_id: 'sub_kept' })
      .execute();
    expect((await user.call('POST', '/api/user/custom-domain', { domain: 'kept.example.com' })).status).toBe(
      200,
    );
    const verification = await user.call('GET', '/api/user/custom-domain/verification');
    // Two wrong passwords from this client: counted for it and for the account.
    for (let i = 0; i < 2; i++) {
      expect(
        (await user.call('POST', '/api/auth/disable-account', { password: 'wrong password' })).status,
      ).toBe(401);
    }
    const outbox = createTransactionalPorts(db).outbox;
    await outbox.enqueue({
      kind: 'webhook',
      userId: user.id,
      payload: { type: 'user.disabled', timestamp: START.toISOString(), data: { userId: user.id } },
    });
    await outbox.enqueue({
      kind: 'billing.cancel',
      userId: user.id,
      payload: { subscriptionId: 'sub_kept', mode: 'immediately' },
    });
    const other = await seedSignedInUser(real, { passwordHash: real.passwordHash });
    await outbox.enqueue({
      kind: 'webhook',
      userId: other.id,
      payload: { type: 'user.banned', timestamp: START.toISOString(), data: { userId: other.id } },
    });

    const text = await (await user.send('GET', '/api/user/export')).text();
    const exported = JSON.parse(text) as Export;
    expect(exported.domainVerification).toEqual({
      domain: 'kept.example.com',
      status: 'pending',
      recordName: verification.body.recordName,
      recordValue: verification.body.recordValue,
      checkedAt: null,
      verifiedAt: null,
    });
    expect(exported.signInFailures).toEqual([
      { client: null, failures: 2, lockedUntil: null },
      { client: '127.0.0.1', failures: 2, lockedUntil: null },
    ]);
    expect(exported.deliveries).toEqual([
      {
        kind: 'webhook',
        status: 'pending',
        createdAt: expect.any(String) as unknown,
        data: { type: 'user.disabled', data: { userId: user.id } },
      },
      {
        kind: 'billing.cancel',
        status: 'pending',
        createdAt: expect.any(String) as unknown,
        data: { subscriptionId: 'sub_kept' },
      },
    ]);
    for (const absent of ['polar_test_token', 'signature', 'accessToken', other.id]) {
      expect(text).not.toContain(absent);
    }
  });

  it('answers 401 without a token and for a disabled account, like every other read', async () => {
    expect((await fetch(`${real.base}/api/user/export`)).status).toBe(401);
    const user = await seedSignedInUser(real, { passwordHash: real.passwordHash, disabled: true });
    expect(await user.call('GET', '/api/user/export')).toMatchObject({
      status: 401,
      body: { code: 'ACCOUNT_DISABLED' },
    });
  });
});
