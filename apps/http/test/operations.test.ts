import { FakeTotp } from '@accounts/application/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from './support.js';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});

function call(method: 'GET' | 'POST' | 'DELETE', url: string, userId: string, payload?: object) {
  return t.app.inject({ method, url, headers: t.auth(userId), ...(payload ? { payload } : {}) });
}

const codeNow = (secret = SECRET) => FakeTotp.codeAt(secret, t.ports.clock.now());

function expectError(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  message: string,
) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ statusCode: status, error: expect.any(String) as string, code, message });
}

describe('POST /api/auth/2fa', () => {
  it('sets up: a new secret, its QR code, nothing stored', async () => {
    const user = t.addUser();
    const response = await call('POST', '/api/auth/2fa', user.id, { enable: true });
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({
      qrCode: expect.stringMatching(/^data:image\/png;base64,/) as string,
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/) as string,
      manualEntryKey: body.secret,
      message: 'Scan the QR code with your authenticator app',
    });
    expect(t.ports.db.users.get(user.id)?.twoFactorEnabled).toBe(false);
    expect(t.ports.db.users.get(user.id)?.twoFactorSecret).toBeNull();
  });

  it('treats enable:true with only one of secret and code as setup', async () => {
    const user = t.addUser();
    const response = await call('POST', '/api/auth/2fa', user.id, { enable: true, secret: SECRET });
    expect(response.json()).toMatchObject({ message: 'Scan the QR code with your authenticator app' });
  });

  it('confirms with a code for the submitted secret and returns backup codes', async () => {
    const user = t.addUser();
    const response = await call('POST', '/api/auth/2fa', user.id, {
      enable: true,
      secret: SECRET,
      verificationCode: codeNow(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: '2FA enabled successfully',
      twoFactorEnabled: true,
      backupCodes: expect.arrayContaining([expect.stringMatching(/^[a-z2-9]{5}-[a-z2-9]{5}$/)]) as string[],
    });
    expect(t.ports.db.users.get(user.id)?.twoFactorEnabled).toBe(true);
    expect(t.ports.db.auditOf(user.id).map((record) => record.event)).toEqual(['TWO_FACTOR_ENABLE']);
  });

  it('refuses a confirm with a wrong code: 400 Invalid verification code', async () => {
    const user = t.addUser();
    const response = await call('POST', '/api/auth/2fa', user.id, {
      enable: true,
      secret: SECRET,
      verificationCode: '000000' === codeNow() ? '111111' : '000000',
    });
    expectError(response, 400, 'INVALID_VERIFICATION_CODE', 'Invalid verification code');
  });

  it('refuses a confirm with a secret that is not 32 base32 characters', async () => {
    const user = t.addUser();
    const response = await call('POST', '/api/auth/2fa', user.id, {
      enable: true,
      secret: 'short',
      verificationCode: '123456',
    });
    expectError(response, 400, 'INVALID_SECRET', 'Invalid secret');
  });

  it('refuses setup while 2FA is already on', async () => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
    const response = await call('POST', '/api/auth/2fa', user.id, { enable: true });
    expectError(response, 400, 'TWO_FACTOR_ALREADY_ENABLED', '2FA is already enabled');
  });

  it('disables with a code for the stored secret', async () => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
    const response = await call('POST', '/api/auth/2fa', user.id, {
      enable: false,
      verificationCode: codeNow(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '2FA disabled successfully', twoFactorEnabled: false });
    expect(t.ports.db.users.get(user.id)?.twoFactorSecret).toBeNull();
    expect(t.ports.db.auditOf(user.id).map((record) => record.event)).toEqual(['TWO_FACTOR_DISABLE']);
  });

  it('refuses a disable without a code: 400', async () => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
    const response = await call('POST', '/api/auth/2fa', user.id, { enable: false });
    expectError(
      response,
      400,
      'VERIFICATION_CODE_REQUIRED',
      '2FA verification code is required to disable 2FA',
    );
  });

  it('counts an empty code as missing', async () => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
    const response = await call('POST', '/api/auth/2fa', user.id, { enable: false, verificationCode: '' });
    expectError(
      response,
      400,
      'VERIFICATION_CODE_REQUIRED',
      '2FA verification code is required to disable 2FA',
    );
  });

  it('refuses a disable while 2FA is off: 400 2FA is not enabled', async () => {
    const user = t.addUser();
    const response = await call('POST', '/api/auth/2fa', user.id, {
      enable: false,
      verificationCode: '123456',
    });
    expectError(response, 400, 'TWO_FACTOR_NOT_ENABLED', '2FA is not enabled');
  });

  it('refuses a disable with a wrong code', async () => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
    const wrong = codeNow() === '123456' ? '654321' : '123456';
    const response = await call('POST', '/api/auth/2fa', user.id, { enable: false, verificationCode: wrong });
    expectError(response, 400, 'INVALID_VERIFICATION_CODE', 'Invalid verification code');
  });

  it('answers 404 User not found when the token names no user', async () => {
    const response = await call('POST', '/api/auth/2fa', 'ghost', { enable: true });
    expectError(response, 404, 'USER_NOT_FOUND', 'User not found');
  });

  it('locks after too many failures: 429 with Retry-After', async () => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
    const now = t.ports.clock.now();
    // Ten failures from inject's address, the last of which placed a first lock (one window).
    await t.ports.authFailures.save(user.id, '127.0.0.1', 0, {
      client: { failures: 10, since: now, lockedUntil: new Date(now.getTime() + 900_000), locks: 1 },
      account: { failures: 10, since: now, lockedUntil: null, locks: 0 },
    });
    const response = await call('POST', '/api/auth/2fa', user.id, {
      enable: false,
      verificationCode: codeNow(),
    });
    expectError(response, 429, 'TOO_MANY_ATTEMPTS', 'Too many failed attempts, retry in 900 seconds');
    expect(response.headers['retry-after']).toBe('900');
  });
});

describe('custom domain', () => {
  it('GET without a DROP entitlement: no domain', async () => {
    const user = t.addUser();
    const response = await call('GET', '/api/user/custom-domain', user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      customDomain: null,
      customDomainVerified: false,
      hasCustomDomain: false,
    });
  });

  it('POST connects the trimmed domain (unverified), GET shows it, DELETE removes it', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id, { metadata: { other: 1 } });
    const connected = await call('POST', '/api/user/custom-domain', user.id, {
      domain: '  shop.example.com ',
    });
    expect(connected.statusCode).toBe(200);
    expect(connected.json()).toEqual({
      success: true,
      domain: 'shop.example.com',
      message: 'Domain connected successfully. Please configure your DNS settings.',
    });
    expect((await call('GET', '/api/user/custom-domain', user.id)).json()).toEqual({
      customDomain: 'shop.example.com',
      customDomainVerified: false,
      hasCustomDomain: true,
    });
    const removed = await call('DELETE', '/api/user/custom-domain', user.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: 'Custom domain disconnected successfully' });
    expect(t.ports.db.entitlements[0]?.metadata).toEqual({ other: 1 });
    expect((await call('DELETE', '/api/user/custom-domain', user.id)).statusCode).toBe(200);
  });

  it('refuses without the Enterprise tier: 403', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id, { tier: 'pro' });
    const response = await call('POST', '/api/user/custom-domain', user.id, { domain: 'example.com' });
    expectError(response, 403, 'ENTERPRISE_PLAN_REQUIRED', 'Enterprise plan required for custom domains');
  });

  it('refuses a malformed domain: 400 Invalid domain format', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id);
    const response = await call('POST', '/api/user/custom-domain', user.id, { domain: 'not a domain!' });
    expectError(response, 400, 'INVALID_DOMAIN_FORMAT', 'Invalid domain format');
  });

  it("refuses another user's domain, in any case: 409", async () => {
    const owner = t.addUser();
    t.addEntitlement(owner.id, { metadata: { customDomain: 'taken.example.com' } });
    const user = t.addUser();
    t.addEntitlement(user.id);
    const response = await call('POST', '/api/user/custom-domain', user.id, { domain: 'Taken.Example.com' });
    expectError(response, 409, 'DOMAIN_IN_USE', 'Domain is already in use');
  });

  it('checks the length 1..255 as validation', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id);
    const empty = await call('POST', '/api/user/custom-domain', user.id, { domain: '' });
    expectError(empty, 400, 'VALIDATION_ERROR', 'body/domain must NOT have fewer than 1 characters');
    const long = await call('POST', '/api/user/custom-domain', user.id, { domain: `${'a'.repeat(252)}.com` });
    expectError(long, 400, 'VALIDATION_ERROR', 'body/domain must NOT have more than 255 characters');
  });
});

describe('account state', () => {
  const cases = [
    {
      method: 'POST',
      url: '/api/auth/disable-account',
      message: 'Account disabled successfully',
      event: 'USER_DISABLE',
    },
    {
      method: 'POST',
      url: '/api/auth/ban-account',
      message: 'Account banned successfully',
      event: 'USER_BAN',
    },
    {
      method: 'POST',
      url: '/api/auth/delete-account',
      message: 'Account deleted successfully',
      event: 'USER_DELETE',
    },
  ] as const;

  it.each(cases)(
    '$method $url succeeds with the password and cancels subscriptions',
    async ({ method, url, message, event }) => {
      const user = t.addUser();
      t.addEntitlement(user.id, { billingSubscriptionId: 'sub_1' });
      const response = await call(method, url, user.id, { password: PASSWORD });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message });
      expect(t.ports.billing.cancellations.map((c) => c.subscriptionId)).toEqual(['sub_1']);
      if (event === 'USER_DELETE') {
        expect(t.ports.db.users.has(user.id)).toBe(false);
      } else {
        expect(t.ports.db.auditOf(user.id).map((record) => record.event)).toEqual([event]);
      }
    },
  );

  it.each(cases)('$method $url: 401 Invalid password', async ({ method, url }) => {
    const user = t.addUser();
    expectError(
      await call(method, url, user.id, { password: 'wrong' }),
      401,
      'INVALID_PASSWORD',
      'Invalid password',
    );
  });

  it.each(cases)(
    '$method $url with 2FA on: code required, wrong code, right code',
    async ({ method, url, message }) => {
      const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: SECRET });
      expectError(
        await call(method, url, user.id, { password: PASSWORD }),
        401,
        'TWO_FACTOR_CODE_REQUIRED',
        '2FA verification code is required',
      );
      const wrong = codeNow() === '123456' ? '654321' : '123456';
      expectError(
        await call(method, url, user.id, { password: PASSWORD, verificationCode: wrong }),
        401,
        'INVALID_TWO_FACTOR_CODE',
        'Invalid 2FA verification code',
      );
      const ok = await call(method, url, user.id, { password: PASSWORD, verificationCode: codeNow() });
      expect(ok.json()).toEqual({ success: true, message });
    },
  );

  it.each(cases)(
    '$method $url: 404 when the user is missing or has no password hash',
    async ({ method, url }) => {
      expectError(
        await call(method, url, 'ghost', { password: PASSWORD }),
        404,
        'USER_NOT_FOUND',
        'User not found',
      );
      const user = t.addUser({ passwordHash: null });
      expectError(
        await call(method, url, user.id, { password: PASSWORD }),
        404,
        'USER_NOT_FOUND',
        'User not found',
      );
    },
  );

  it.each(cases)('$method $url: 500 when 2FA is on but the secret is missing', async ({ method, url }) => {
    const user = t.addUser({ twoFactorEnabled: true, twoFactorSecret: null });
    const response = await call(method, url, user.id, { password: PASSWORD, verificationCode: '123456' });
    expectError(response, 500, 'TWO_FACTOR_SECRET_MISSING', '2FA is enabled but secret is missing');
  });

  it('a failed cancellation does not stop the disable', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id, { billingSubscriptionId: 'sub_fail' });
    t.ports.billing.cancellationBehaviour.set('sub_fail', 'fail');
    const response = await call('POST', '/api/auth/disable-account', user.id, { password: PASSWORD });
    expect(response.json()).toEqual({ success: true, message: 'Account disabled successfully' });
  });

  it('DELETE disable-account re-enables a disabled account', async () => {
    const user = t.addUser({ disabled: true });
    const response = await call('DELETE', '/api/auth/disable-account', user.id, { password: PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'Account enabled successfully' });
    expect(t.ports.db.users.get(user.id)?.disabled).toBe(false);
    expect(t.ports.db.auditOf(user.id)).toEqual([
      expect.objectContaining({ event: 'USER_UPDATE', details: { action: 'account_enabled' } }),
    ]);
  });

  it('DELETE disable-account on an active account: 400', async () => {
    const user = t.addUser();
    const response = await call('DELETE', '/api/auth/disable-account', user.id, { password: PASSWORD });
    expectError(response, 400, 'ACCOUNT_NOT_DISABLED', 'Account is not disabled');
  });

  it('DELETE ban-account unbans a banned account', async () => {
    const user = t.addUser({ banned: true });
    const response = await call('DELETE', '/api/auth/ban-account', user.id, { password: PASSWORD });
    expect(response.json()).toEqual({ success: true, message: 'Account unbanned successfully' });
    expect(t.ports.db.auditOf(user.id)).toEqual([
      expect.objectContaining({ event: 'USER_UPDATE', details: { action: 'account_unbanned' } }),
    ]);
  });

  it('DELETE ban-account on an account that is not banned: 400', async () => {
    const user = t.addUser();
    const response = await call('DELETE', '/api/auth/ban-account', user.id, { password: PASSWORD });
    expectError(response, 400, 'ACCOUNT_NOT_BANNED', 'Account is not banned');
  });
});

describe('GET /api/billing/portal', () => {
  it('redirects (307) to the portal of the customer', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id, { billingCustomerId: 'cus_1' });
    t.ports.billing.customers.set('cus_1', 'found');
    const response = await call('GET', '/api/billing/portal', user.id);
    expect(response.statusCode).toBe(307);
    expect(response.headers.location).toBe('https://billing.test/portal/cus_1');
  });

  it('400 without a billing customer id', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id);
    const response = await call('GET', '/api/billing/portal', user.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BILLING_CUSTOMER_MISSING',
      message: expect.stringMatching(/contact support/) as string,
    });
  });

  it('400 when the provider does not know the customer', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id, { billingCustomerId: 'cus_gone' });
    const response = await call('GET', '/api/billing/portal', user.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'BILLING_CUSTOMER_NOT_FOUND',
      message: expect.stringMatching(/contact support/) as string,
    });
  });

  it('500 when the provider cannot be asked', async () => {
    const user = t.addUser();
    t.addEntitlement(user.id, { billingCustomerId: 'cus_1' });
    t.ports.billing.customers.set('cus_1', 'fail');
    const response = await call('GET', '/api/billing/portal', user.id);
    expectError(response, 500, 'BILLING_CHECK_FAILED', 'Failed to verify customer. Please contact support.');
  });
});
