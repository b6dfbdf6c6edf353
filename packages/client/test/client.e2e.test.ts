import { Argon2PasswordHasher } from '@accounts/adapters';
import {
  seedEntitlement,
  seedUser,
  startTestDnsServer,
  testDatabaseTargets,
  type TestDnsServer,
} from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  REAL_JWT_SECRET,
  startRealService,
  TEST_ARGON2,
  totpCode,
  type RealService,
} from '../../../apps/http/test/real-service.js';
import { SoftwareAuthenticator } from '../../../apps/http/test/software-authenticator.js';
import { signJwt } from '../../../apps/http/test/support.js';
import { mintToken } from '../../../apps/http/src/tokens.js';
import { createAccountsClient, type AccountsClient, type operations } from '../src/index.js';

const PASSWORD = 'a long and real password';
const currentStep = () => Math.floor(Date.now() / 30_000);
/** The page origin and RP ID the service is configured with, and the software authenticator uses. */
const ORIGIN = 'http://localhost:3000';
const RP_ID = 'localhost';
const OPERATOR_ID = 'operator-without-an-account';
const REASON = 'ticket 4711: the customer asked';

// The security-event page size is a number in the client's types, not a string.
expectTypeOf<NonNullable<operations['listSecurityEvents']['parameters']['query']>['limit']>().toEqualTypeOf<
  number | undefined
>();
expectTypeOf<
  NonNullable<operations['listAccountSecurityEvents']['parameters']['query']>['limit']
>().toEqualTypeOf<number | undefined>();

type Description = { paths: Record<string, Record<string, unknown>> };

describe.each(await testDatabaseTargets())('@accounts/client against the service on $label', (target) => {
  let service: RealService;
  let dns: TestDnsServer;
  /** "METHOD /path/{template}" of every operation the clients sent and had an answer to. */
  const sent = new Set<string>();
  /** A client of the service with `token` that records the operations it sends. */
  function aClient(token?: string | (() => string)): AccountsClient {
    const client = createAccountsClient({ baseUrl: service.base, ...(token ? { token } : {}) });
    client.use({
      onResponse({ request, schemaPath }) {
        sent.add(`${request.method} ${schemaPath}`);
      },
    });
    return client;
  }

  beforeAll(async () => {
    dns = await startTestDnsServer();
    service = await startRealService(target, {
      env: {
        BILLING_PORTAL_URL: 'https://billing.example',
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: '1000',
        // Every test shares one client address; its route-protection budget is not under test here.
        RATE_LIMIT_MAX: '100000',
        WEBAUTHN_RP_ID: RP_ID,
        WEBAUTHN_ORIGINS: ORIGIN,
      },
    });
  });
  afterAll(async () => {
    // Unset when beforeAll failed part-way; what it did open is still closed.
    await (service as RealService | undefined)?.close();
    await (dns as TestDnsServer | undefined)?.close();
  });

  /** An account with a password and a DROP entitlement, and a client with its own token. */
  async function anAccount(email: string) {
    const db = service.service.database.db;
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    const user = await seedUser(db, { email, passwordHash });
    await seedEntitlement(
      db,
      aDropEntitlement(user.id, { billingCustomerId: 'cus_1', billingSubscriptionId: 'sub_1' }),
    );
    const token = mintToken({ secret: REAL_JWT_SECRET, userId: user.id, expiresInSeconds: 600 });
    return { user, passwordHash, client: aClient(token) };
  }

  async function signUp(email: string): Promise<AccountsClient> {
    return (await anAccount(email)).client;
  }

  /** Sets TOTP up and confirms it; its secret and backup codes. */
  async function enableTwoFactor(client: AccountsClient) {
    const setup = await client.POST('/api/auth/2fa', { body: { enable: true } });
    const secret = setup.data && 'secret' in setup.data ? setup.data.secret : '';
    const confirmed = await client.POST('/api/auth/2fa', {
      body: { enable: true, secret, verificationCode: totpCode(secret, currentStep()) },
    });
    const backupCodes =
      confirmed.data && 'backupCodes' in confirmed.data ? (confirmed.data.backupCodes ?? []) : [];
    expect(backupCodes).toHaveLength(10);
    return { secret, backupCodes };
  }

  /** A client with an operator token: its `scope` claim holds ADMIN_SCOPE (default accounts:admin). */
  const anOperator = () =>
    aClient(
      signJwt(
        { sub: OPERATOR_ID, scope: 'accounts:admin', exp: Math.floor(Date.now() / 1000) + 600 },
        { key: REAL_JWT_SECRET },
      ),
    );

  it('answers the probes without a token', async () => {
    const client = aClient();
    expect((await client.GET('/healthz')).data).toEqual({ status: 'ok' });
    expect((await client.GET('/readyz')).data).toEqual({ status: 'ready' });
    // Not in the generated types (they come from the test app, which serves no /metrics): sent
    // without the typed client, and counted as sent.
    const metrics = await fetch(`${service.base}/metrics`);
    sent.add('GET /metrics');
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_requests_total');
  });

  it('manages the custom domain', async () => {
    const client = await signUp('domain@example.com');
    expect((await client.GET('/api/user/custom-domain')).data).toEqual({
      customDomain: null,
      customDomainVerified: false,
      hasCustomDomain: false,
    });

    const connected = await client.POST('/api/user/custom-domain', {
      body: { domain: ' files.example.com ' },
    });
    expect(connected.data?.domain).toBe('files.example.com');
    expect(connected.response.headers.get('x-request-id')).toBeTruthy();
    expect(connected.response.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
    expect((await client.GET('/api/user/custom-domain')).data?.customDomain).toBe('files.example.com');

    const refused = await client.POST('/api/user/custom-domain', { body: { domain: 'not a domain' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.code).toBe('INVALID_DOMAIN_FORMAT');

    const disconnected = await client.DELETE('/api/user/custom-domain');
    expect(disconnected.data).toEqual({ success: true, message: 'Custom domain disconnected successfully' });
  });

  it('sets up, confirms and disables 2FA, one answer shape per case', async () => {
    const client = await signUp('2fa@example.com');
    const setup = await client.POST('/api/auth/2fa', { body: { enable: true } });
    const secret = setup.data && 'secret' in setup.data ? setup.data.secret : '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const confirmed = await client.POST('/api/auth/2fa', {
      body: { enable: true, secret, verificationCode: totpCode(secret, currentStep()) },
    });
    expect(confirmed.data).toMatchObject({ message: '2FA enabled successfully', twoFactorEnabled: true });
    const backupCodes = confirmed.data && 'backupCodes' in confirmed.data ? confirmed.data.backupCodes : [];
    expect(backupCodes).toHaveLength(10);

    const disabled = await client.POST('/api/auth/2fa', {
      body: { enable: false, verificationCode: backupCodes?.[0] ?? '' },
    });
    expect(disabled.data).toEqual({ message: '2FA disabled successfully', twoFactorEnabled: false });
  });

  it('verifies the custom domain through its DNS record', async () => {
    const client = await signUp('verify@example.com');
    const notSet = await client.GET('/api/user/custom-domain/verification');
    expect(notSet.error?.code).toBe('CUSTOM_DOMAIN_NOT_SET');

    await client.POST('/api/user/custom-domain', { body: { domain: 'verify.example.com' } });
    const record = (await client.GET('/api/user/custom-domain/verification')).data;
    expect(record).toMatchObject({
      domain: 'verify.example.com',
      status: 'pending',
      recordType: 'TXT',
      recordName: '_accounts-challenge.verify.example.com',
      verifiedAt: null,
    });

    dns.records.set(record?.recordName ?? '', [[record?.recordValue ?? '']]);
    const verified = await client.POST('/api/user/custom-domain/verify');
    expect(verified.data?.status).toBe('verified');
    expect(verified.data?.verifiedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await client.GET('/api/user/custom-domain')).data?.customDomainVerified).toBe(true);
  });

  it('shows the 2FA status, regenerates backup codes and lists the security events', async () => {
    const client = await signUp('codes@example.com');
    expect((await client.GET('/api/auth/2fa')).data).toEqual({
      twoFactorEnabled: false,
      backupCodesRemaining: 0,
      passkeys: 0,
    });
    const setup = await client.POST('/api/auth/2fa', { body: { enable: true } });
    const secret = setup.data && 'secret' in setup.data ? setup.data.secret : '';
    await client.POST('/api/auth/2fa', {
      body: { enable: true, secret, verificationCode: totpCode(secret, currentStep()) },
    });
    expect((await client.GET('/api/auth/2fa')).data).toEqual({
      twoFactorEnabled: true,
      backupCodesRemaining: 10,
      passkeys: 0,
    });

    const missing = await client.POST('/api/auth/2fa/backup-codes', { body: {} });
    expect(missing.error?.code).toBe('VERIFICATION_CODE_MISSING');
    // The confirm used up the current step's code; the next step's is within the window.
    const regenerated = await client.POST('/api/auth/2fa/backup-codes', {
      body: { verificationCode: totpCode(secret, currentStep() + 1) },
    });
    expect(regenerated.data?.backupCodes).toHaveLength(10);

    const first = await client.GET('/api/user/security-events', { params: { query: { limit: 1 } } });
    expect(first.data?.events.map(({ event }) => event)).toEqual(['TWO_FACTOR_BACKUP_CODES_REGENERATE']);
    const cursor = first.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const rest = await client.GET('/api/user/security-events', { params: { query: { cursor } } });
    expect(rest.data?.events.map(({ event }) => event)).toContain('TWO_FACTOR_ENABLE');
    const refused = await client.GET('/api/user/security-events', { params: { query: { limit: 0 } } });
    expect(refused.error?.code).toBe('VALIDATION_ERROR');
  });

  it('reads the portal redirect', async () => {
    const client = await signUp('portal@example.com');
    const portal = await client.GET('/api/billing/portal', { redirect: 'manual' });
    expect(portal.response.status).toBe(307);
    expect(portal.response.headers.get('location')).toBe('https://billing.example/portal/cus_1');
  });

  it('disables, enables, bans, unbans and deletes the account', async () => {
    const client = await signUp('account@example.com');
    const body = { password: PASSWORD };
    const answers = [
      await client.POST('/api/auth/disable-account', { body }),
      await client.DELETE('/api/auth/disable-account', { body }),
      await client.POST('/api/auth/ban-account', { body }),
      await client.DELETE('/api/auth/ban-account', { body }),
      await client.POST('/api/auth/delete-account', { body }),
    ];
    expect(answers.map(({ data }) => data?.message)).toEqual([
      'Account disabled successfully',
      'Account enabled successfully',
      'Account banned successfully',
      'Account unbanned successfully',
      'Account deleted successfully',
    ]);
  });

  it('tells an expired token from a missing one', async () => {
    const expired = aClient(() =>
      mintToken({
        secret: REAL_JWT_SECRET,
        userId: 'someone',
        expiresInSeconds: 60,
        now: new Date(Date.now() - 3_600_000),
      }),
    );
    expect((await expired.GET('/api/user/custom-domain')).error?.code).toBe('TOKEN_EXPIRED');
    const anonymous = aClient();
    expect((await anonymous.GET('/api/user/custom-domain')).error?.code).toBe('MISSING_TOKEN');
  });

  it('registers, lists, uses and removes a passkey made by a software authenticator', async () => {
    const { client, user } = await anAccount('passkey@example.com');
    const authenticator = new SoftwareAuthenticator({ origin: ORIGIN, rpId: RP_ID });

    const creation = await client.POST('/api/auth/passkeys/registration-options');
    expect(creation.response.status).toBe(200);
    expect(creation.data).toMatchObject({
      rp: { id: RP_ID },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'required' },
      excludeCredentials: [],
    });
    const challenge = creation.data?.challenge ?? '';
    expect(Buffer.from(challenge, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(creation.data?.pubKeyCredParams.map(({ alg }) => alg)).toContain(-7);

    const registered = await client.POST('/api/auth/passkeys', {
      body: { response: authenticator.create({ challenge }), name: 'Laptop' },
    });
    expect(registered.response.status).toBe(201);
    expect(registered.data).toEqual({
      id: expect.any(String) as string,
      name: 'Laptop',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      lastUsedAt: null,
    });
    const passkeyId = registered.data?.id ?? '';
    expect((await client.GET('/api/auth/passkeys')).data).toEqual({ passkeys: [registered.data] });
    expect((await client.GET('/api/auth/2fa')).data).toEqual({
      twoFactorEnabled: false,
      backupCodesRemaining: 0,
      passkeys: 1,
    });

    const request = await client.POST('/api/auth/passkeys/authentication-options');
    expect(request.response.status).toBe(200);
    expect(request.data).toMatchObject({
      rpId: RP_ID,
      userVerification: 'required',
      allowCredentials: [{ id: authenticator.id, type: 'public-key' }],
    });
    const removed = await client.DELETE('/api/auth/passkeys/{id}', {
      params: { path: { id: passkeyId } },
      body: { password: PASSWORD, passkey: authenticator.get({ challenge: request.data?.challenge ?? '' }) },
    });
    expect(removed.data).toEqual({ success: true, message: 'Passkey removed' });
    expect((await client.GET('/api/auth/passkeys')).data).toEqual({ passkeys: [] });

    const none = await client.POST('/api/auth/passkeys/authentication-options');
    expect(none.response.status).toBe(400);
    expect(none.error?.code).toBe('NO_PASSKEY_REGISTERED');
  });

  it('exports the account as a download, without any secret', async () => {
    const { client, user, passwordHash } = await anAccount('export@example.com');
    const { secret, backupCodes } = await enableTwoFactor(client);

    const exported = await client.GET('/api/user/export');
    expect(exported.response.status).toBe(200);
    expect(exported.response.headers.get('content-disposition')).toBe(
      'attachment; filename="account-export.json"',
    );
    expect(exported.data?.account).toEqual({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      twoFactorEnabled: true,
      disabled: false,
      banned: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
    });
    expect(exported.data?.entitlements).toEqual([
      expect.objectContaining({
        service: 'DROP',
        billingCustomerId: 'cus_1',
        billingSubscriptionId: 'sub_1',
      }),
    ]);
    expect(exported.data?.passkeys).toEqual([]);
    expect(Date.parse(exported.data?.exportedAt ?? '')).not.toBeNaN();
    expect(exported.data?.securityEvents.map(({ event }) => event)).toContain('TWO_FACTOR_ENABLE');

    const text = JSON.stringify(exported.data);
    for (const kept of [
      passwordHash,
      secret,
      ...backupCodes,
      ...backupCodes.map((c) => c.replace('-', '')),
    ]) {
      expect(text).not.toContain(kept);
    }
    for (const key of ['passwordHash', 'twoFactorSecret', 'codeHash', 'publicKey', 'challenge']) {
      expect(text).not.toContain(key);
    }
  });

  it('lets an operator find, read, page, disable, enable, ban, unban, reset and export an account', async () => {
    const { client: own, user } = await anAccount('operated@example.com');
    await enableTwoFactor(own);
    const operator = anOperator();
    const path = { id: user.id };
    const body = { reason: REASON };

    const refused = await own.GET('/api/admin/users/{id}', { params: { path } });
    expect(refused.response.status).toBe(403);
    expect(refused.error).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'OPERATOR_SCOPE_REQUIRED',
      message: 'Operator scope required',
    });

    const shown = await operator.GET('/api/admin/users/{id}', { params: { path } });
    expect(shown.data).toEqual({
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      disabled: false,
      banned: false,
      twoFactorEnabled: true,
      passkeys: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      entitlements: [
        expect.objectContaining({
          service: 'DROP',
          billingCustomerId: 'cus_1',
          billingSubscriptionId: 'sub_1',
        }),
      ],
    });
    const found = await operator.GET('/api/admin/users', {
      params: { query: { email: 'OPERATED@Example.com' } },
    });
    expect(found.data).toEqual({ users: [shown.data] });
    const missing = await operator.GET('/api/admin/users/{id}', { params: { path: { id: 'nobody' } } });
    expect(missing.error?.code).toBe('USER_NOT_FOUND');

    const answers = [
      await operator.POST('/api/admin/users/{id}/disable', { params: { path }, body }),
      await operator.POST('/api/admin/users/{id}/enable', { params: { path }, body }),
      await operator.POST('/api/admin/users/{id}/ban', { params: { path }, body }),
      await operator.POST('/api/admin/users/{id}/unban', { params: { path }, body }),
      await operator.POST('/api/admin/users/{id}/reset-two-factor', { params: { path }, body }),
    ];
    expect(answers.map(({ data }) => data)).toEqual(
      [
        'Account disabled successfully',
        'Account enabled successfully',
        'Account banned successfully',
        'Account unbanned successfully',
        'Two-factor authentication reset',
      ].map((message) => ({ success: true, message })),
    );
    expect((await own.GET('/api/auth/2fa')).data).toEqual({
      twoFactorEnabled: false,
      backupCodesRemaining: 0,
      passkeys: 0,
    });

    const first = await operator.GET('/api/admin/users/{id}/security-events', {
      params: { path, query: { limit: 1 } },
    });
    expect(first.data?.events).toEqual([
      expect.objectContaining({
        event: 'TWO_FACTOR_DISABLE',
        details: { actorId: OPERATOR_ID, reason: REASON },
      }),
    ]);
    const cursor = first.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const rest = await operator.GET('/api/admin/users/{id}/security-events', {
      params: { path, query: { cursor, limit: 100 } },
    });
    expect(rest.data?.events.map(({ event }) => event)).toEqual(
      expect.arrayContaining(['USER_BAN', 'USER_DISABLE', 'TWO_FACTOR_ENABLE']),
    );
    expect(rest.data?.nextCursor).toBeNull();

    // A data-subject request: the owner's own document, audited for the owner to see.
    const exported = await operator.POST('/api/admin/users/{id}/export', { params: { path }, body });
    expect(exported.response.headers.get('content-disposition')).toBe(
      'attachment; filename="account-export.json"',
    );
    expect(exported.data?.account.id).toBe(user.id);
    expect(exported.data?.securityEvents[0]).toMatchObject({
      event: 'USER_EXPORT',
      details: { actorId: OPERATOR_ID, reason: REASON },
    });
    const unreasoned = await operator.POST('/api/admin/users/{id}/export', {
      params: { path },
      body: { reason: ' ' },
    });
    expect(unreasoned.error?.code).toBe('INVALID_REASON');
  });

  it('lists and signs out sessions, the others, everywhere, and as an operator', async () => {
    const { user } = await anAccount('sessions@example.com');
    const mint = (sid: string) =>
      signJwt(
        {
          sub: user.id,
          sid,
          iat: Math.floor(Date.now() / 1000),
          exp: Math.floor(Date.now() / 1000) + 600,
        },
        { key: REAL_JWT_SECRET },
      );
    const laptop = aClient(mint('laptop'));
    const phone = aClient(mint('phone'));
    const tablet = aClient(mint('tablet'));
    await phone.GET('/api/user/sessions');
    await tablet.GET('/api/user/sessions');
    const listed = await laptop.GET('/api/user/sessions');
    expect(listed.data?.sessions.map((session) => session.current)).toEqual([true, false, false]);
    expect(listed.data?.nextCursor).toBeNull();
    const firstPage = await laptop.GET('/api/user/sessions', { params: { query: { limit: 2 } } });
    const cursor = firstPage.data?.nextCursor ?? '';
    const lastPage = await laptop.GET('/api/user/sessions', { params: { query: { cursor } } });
    expect(lastPage.data?.sessions.map((session) => session.id)).toEqual([listed.data?.sessions[2]?.id]);
    const badLimit = await laptop.GET('/api/user/sessions', { params: { query: { limit: 0 } } });
    expect(badLimit.error?.code).toBe('VALIDATION_ERROR');
    const phoneId = (await phone.GET('/api/user/sessions')).data?.sessions.find((s) => s.current)?.id ?? '';

    const one = await laptop.DELETE('/api/user/sessions/{id}', {
      params: { path: { id: phoneId } },
      body: { password: PASSWORD },
    });
    expect(one.data).toEqual({ success: true, message: 'Session revoked' });
    const refused = await phone.GET('/api/user/sessions');
    expect(refused.error?.code).toBe('SESSION_REVOKED');

    const others = await laptop.POST('/api/user/sessions/revoke-others', { body: { password: PASSWORD } });
    expect(others.data).toEqual({ success: true, revoked: 1 });
    expect((await tablet.GET('/api/user/sessions')).error?.code).toBe('SESSION_REVOKED');

    const operator = anOperator();
    const path = { id: user.id };
    const seen = await operator.GET('/api/admin/users/{id}/sessions', {
      params: { path, query: { limit: 1 } },
    });
    expect(seen.data).toMatchObject({ sessions: [expect.anything()], nextCursor: null });
    const signedOut = await operator.POST('/api/admin/users/{id}/sign-out-everywhere', {
      params: { path },
      body: { reason: REASON },
    });
    expect(signedOut.data).toEqual({ success: true, revoked: 1 });

    const later = aClient(() => mint('later'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await later.GET('/api/user/sessions')).data?.sessions).toHaveLength(1);
    expect((await later.POST('/api/user/sign-out-everywhere')).data).toEqual({ success: true, revoked: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const last = aClient(mint('last'));
    expect((await last.DELETE('/api/user/sessions/current')).data).toEqual({
      success: true,
      message: 'Session revoked',
    });
  });

  it('has driven every operation of the description', async () => {
    const description = (await (await fetch(`${service.base}/openapi.json`)).json()) as Description;
    const operations = Object.entries(description.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(0);
    expect(operations.filter((operation) => !sent.has(operation))).toEqual([]);
  });
});
