import { testDatabaseTargets } from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { FAST_OUTBOX_ENV, serviceWithStandIns } from './outbox-support.js';
import { totpCode } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';

const PASSWORD = 'a long and real password';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const WEBHOOK_TIMEOUT_MS = 3_000;
const currentStep = () => Math.floor(Date.now() / 30_000);

describe.each(await testDatabaseTargets())('account-event webhooks on $label', (target) => {
  const real = serviceWithStandIns(target, {
    password: PASSWORD,
    webhooks: true,
    env: { ...FAST_OUTBOX_ENV, WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS) },
  });

  beforeEach(() => {
    real.receiver.state.behaviour = { status: 204 };
    real.receiver.state.failFirstAttempts = false;
  });

  const aUser = () =>
    seedSignedInUser(real, { passwordHash: real.passwordHash }, (id) =>
      aDropEntitlement(id, { billingSubscriptionId: `sub_${id}` }),
    );

  const eventsOf = (userId: string) => real.receiver.attempts.filter((a) => a.event.data.userId === userId);
  const doneWebhooks = async (userId: string) =>
    (
      await real.service.database.db
        .selectFrom('outbox')
        .select('status')
        .where('user_id', '=', userId)
        .where('kind', '=', 'webhook')
        .execute()
    ).filter((row) => row.status === 'done').length;

  it('sends one verified event per audited change, first tried in order, the same id on retries, no secrets', async () => {
    real.receiver.state.failFirstAttempts = true;
    const user = await aUser();
    const ok = async (answer: Promise<{ status: number; body: Record<string, unknown> }>) => {
      const { status, body } = await answer;
      expect(status, JSON.stringify(body)).toBe(200);
      return body;
    };

    await ok(user.call('POST', '/api/auth/2fa', { enable: true }));
    const confirmed = await ok(
      user.call('POST', '/api/auth/2fa', {
        enable: true,
        secret: TOTP_SECRET,
        verificationCode: totpCode(TOTP_SECRET, currentStep()),
      }),
    );
    const backupCodes = confirmed.backupCodes as string[];
    await ok(user.call('POST', '/api/auth/2fa', { enable: false, verificationCode: backupCodes[0] }));
    await ok(user.call('POST', '/api/user/custom-domain', { domain: 'hooks.example.com' }));
    await ok(user.call('DELETE', '/api/user/custom-domain'));
    await ok(user.call('POST', '/api/auth/disable-account', { password: PASSWORD }));
    await ok(user.call('DELETE', '/api/auth/disable-account', { password: PASSWORD }));
    await ok(user.call('POST', '/api/auth/ban-account', { password: PASSWORD }));
    await ok(user.call('DELETE', '/api/auth/ban-account', { password: PASSWORD }));
    await ok(user.call('POST', '/api/auth/delete-account', { password: PASSWORD }));

    const expected = [
      ['two_factor.enabled', {}],
      ['two_factor.disabled', {}],
      ['custom_domain.connected', { domain: 'hooks.example.com' }],
      ['custom_domain.disconnected', {}],
      ['user.disabled', { email: user.email }],
      ['user.enabled', {}],
      ['user.banned', { email: user.email }],
      ['user.unbanned', {}],
      ['user.deleted', { email: user.email }],
    ] as const;
    await expect.poll(() => doneWebhooks(user.id), { timeout: 15_000 }).toBe(expected.length);

    const attempts = eventsOf(user.id);
    const firstTries = [...new Map(attempts.map((a) => [a.id, a])).values()];
    expect(firstTries.map((a) => [a.event.type, a.event.data])).toEqual(
      expected.map(([type, data]) => [type, { userId: user.id, ...data }]),
    );
    for (const first of firstTries) {
      const tries = attempts.filter((a) => a.id === first.id);
      expect(tries).toHaveLength(2); // the first answered 500, the retry 204
      expect(tries.every((a) => a.body === first.body)).toBe(true);
    }
    expect(real.receiver.failures).toEqual([]);
    const everything = JSON.stringify(attempts.map((a) => [a.body, a.headers]));
    for (const secret of [PASSWORD, TOTP_SECRET, user.token, ...backupCodes]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/"(password|verificationCode|secret|token|backupCodes|code)"/);
  });

  it('never makes a request wait for a receiver that hangs', async () => {
    real.receiver.state.behaviour = 'hang';
    const user = await aUser();
    const started = performance.now();
    const answer = await user.call('POST', '/api/auth/disable-account', { password: PASSWORD });
    const elapsedMs = performance.now() - started;
    expect(answer.status).toBe(200);
    // Answered while the receiver still held the delivery: before its timeout could end it.
    expect(elapsedMs).toBeLessThan(WEBHOOK_TIMEOUT_MS);
    await expect.poll(() => eventsOf(user.id).length, { timeout: 5_000 }).toBeGreaterThan(0);

    real.receiver.state.behaviour = { status: 204 };
    await expect.poll(() => doneWebhooks(user.id), { timeout: 15_000 }).toBe(1);
  });

  it('delivers everything to a receiver that was down for a while once it is back', async () => {
    await real.receiver.stop();
    const user = await aUser();
    try {
      for (const [method, path] of [
        ['POST', '/api/auth/disable-account'],
        ['DELETE', '/api/auth/disable-account'],
        ['POST', '/api/auth/ban-account'],
      ] as const) {
        expect((await user.call(method, path, { password: PASSWORD })).status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 500)); // a few failed attempts
      expect(await doneWebhooks(user.id)).toBe(0);
    } finally {
      await real.receiver.start();
    }
    await expect.poll(() => doneWebhooks(user.id), { timeout: 15_000 }).toBe(3);
    expect(new Set(eventsOf(user.id).map((a) => a.event.type))).toEqual(
      new Set(['user.disabled', 'user.enabled', 'user.banned']),
    );
  });

  it('makes one cancellation and one event of parallel disables that carry one code', async () => {
    const user = await aUser();
    await real.service.database.db
      .updateTable('users')
      .set({ two_factor_enabled: true, two_factor_secret: TOTP_SECRET })
      .where('id', '=', user.id)
      .execute();
    const verificationCode = totpCode(TOTP_SECRET, currentStep());
    const before = real.provider.requests.length;

    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        user.call('POST', '/api/auth/disable-account', { password: PASSWORD, verificationCode }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    await expect.poll(() => doneWebhooks(user.id), { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // anything else would have arrived by now
    expect(real.provider.requests.slice(before)).toEqual([`PATCH /v1/subscriptions/sub_${user.id}`]);
    expect(eventsOf(user.id).map((a) => a.event.type)).toEqual(['user.disabled']);
  });
});
