import { Argon2PasswordHasher } from '@accounts/adapters';
import {
  seedEntitlement,
  seedUser,
  startTestDnsServer,
  testDatabaseTargets,
  type TestDnsServer,
} from '@accounts/adapters/testing';
import { aDropEntitlement } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REAL_JWT_SECRET,
  startRealService,
  TEST_ARGON2,
  totpCode,
  type RealService,
} from '../../../apps/http/test/real-service.js';
import { mintToken } from '../../../apps/http/src/tokens.js';
import { createAccountsClient, type AccountsClient } from '../src/index.js';

const PASSWORD = 'a long and real password';
const currentStep = () => Math.floor(Date.now() / 30_000);

type Description = { paths: Record<string, Record<string, unknown>> };

describe.each(await testDatabaseTargets())('@accounts/client against the service on $label', (target) => {
  let service: RealService;
  let dns: TestDnsServer;
  /** "METHOD /path" of every request the clients sent. */
  const sent = new Set<string>();
  const recordingFetch: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    sent.add(`${request.method} ${new URL(request.url).pathname}`);
    return fetch(request);
  };

  beforeAll(async () => {
    dns = await startTestDnsServer();
    service = await startRealService(target, {
      env: {
        BILLING_PORTAL_URL: 'https://billing.example',
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    // Unset when beforeAll failed part-way; what it did open is still closed.
    await (service as RealService | undefined)?.close();
    await (dns as TestDnsServer | undefined)?.close();
  });

  async function signUp(email: string): Promise<AccountsClient> {
    const db = service.service.database.db;
    const passwordHash = await new Argon2PasswordHasher(TEST_ARGON2).hash(PASSWORD);
    const { id } = await seedUser(db, { email, passwordHash });
    await seedEntitlement(
      db,
      aDropEntitlement(id, { billingCustomerId: 'cus_1', billingSubscriptionId: 'sub_1' }),
    );
    const token = mintToken({ secret: REAL_JWT_SECRET, userId: id, expiresInSeconds: 600 });
    return createAccountsClient({ baseUrl: service.base, token, fetch: recordingFetch });
  }

  it('answers the probes without a token', async () => {
    const client = createAccountsClient({ baseUrl: service.base, fetch: recordingFetch });
    expect((await client.GET('/healthz')).data).toEqual({ status: 'ok' });
    expect((await client.GET('/readyz')).data).toEqual({ status: 'ready' });
    // Not in the generated types: they come from the test app, which serves no /metrics.
    const metrics = await recordingFetch(`${service.base}/metrics`);
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
    });
    const setup = await client.POST('/api/auth/2fa', { body: { enable: true } });
    const secret = setup.data && 'secret' in setup.data ? setup.data.secret : '';
    await client.POST('/api/auth/2fa', {
      body: { enable: true, secret, verificationCode: totpCode(secret, currentStep()) },
    });
    expect((await client.GET('/api/auth/2fa')).data).toEqual({
      twoFactorEnabled: true,
      backupCodesRemaining: 10,
    });

    const missing = await client.POST('/api/auth/2fa/backup-codes', { body: {} });
    expect(missing.error?.code).toBe('VERIFICATION_CODE_MISSING');
    // The confirm used up the current step's code; the next step's is within the window.
    const regenerated = await client.POST('/api/auth/2fa/backup-codes', {
      body: { verificationCode: totpCode(secret, currentStep() + 1) },
    });
    expect(regenerated.data?.backupCodes).toHaveLength(10);

    const first = await client.GET('/api/user/security-events', { params: { query: { limit: '1' } } });
    expect(first.data?.events.map(({ event }) => event)).toEqual(['TWO_FACTOR_BACKUP_CODES_REGENERATE']);
    const cursor = first.data?.nextCursor ?? '';
    expect(cursor).not.toBe('');
    const rest = await client.GET('/api/user/security-events', { params: { query: { cursor } } });
    expect(rest.data?.events.map(({ event }) => event)).toContain('TWO_FACTOR_ENABLE');
    const refused = await client.GET('/api/user/security-events', { params: { query: { limit: '0' } } });
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
    const expired = createAccountsClient({
      baseUrl: service.base,
      token: () =>
        mintToken({
          secret: REAL_JWT_SECRET,
          userId: 'someone',
          expiresInSeconds: 60,
          now: new Date(Date.now() - 3_600_000),
        }),
      fetch: recordingFetch,
    });
    expect((await expired.GET('/api/user/custom-domain')).error?.code).toBe('TOKEN_EXPIRED');
    const anonymous = createAccountsClient({ baseUrl: service.base, fetch: recordingFetch });
    expect((await anonymous.GET('/api/user/custom-domain')).error?.code).toBe('MISSING_TOKEN');
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
