import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'otplib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '@accounts/application';
import { createAccounts, type Accounts } from '@accounts/adapters';
import { startTestDnsServer, testDatabaseTargets, type TestDnsServer } from '@accounts/adapters/testing';

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const WEBHOOK_SECRET = `whsec_${Buffer.from('a webhook secret of enough bytes').toString('base64')}`;
const PASSWORD = 'correct horse battery staple';

/** A webhook receiver that refuses its first delivery (503) and accepts the later ones. */
async function startFlakyReceiver(): Promise<{ url: string; deliveries: string[]; server: Server }> {
  const deliveries: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      deliveries.push(body);
      response.statusCode = deliveries.length === 1 ? 503 : 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, deliveries, server };
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(await testDatabaseTargets())('createAccounts on $label', { timeout: 90_000 }, ({ create }) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function accountsWith(extra: Partial<Parameters<typeof createAccounts>[0]> = {}): Promise<Accounts> {
    const accounts = await createAccounts({
      database: await create(),
      totp: { issuer: 'My Product' },
      logger: quiet,
      ...extra,
    });
    cleanups.push(() => accounts.close());
    return accounts;
  }

  it('connects a domain, turns 2FA on with a real code and disables the account', async () => {
    const accounts = await accountsWith();
    const created = await accounts.createUser({
      email: 'ann@example.com',
      password: PASSWORD,
      entitlement: { service: 'DROP', tier: 'enterprise' },
    });
    if (!created.ok) throw new Error('user not created');
    const userId = created.value.id;
    const { useCases } = accounts;

    await expect(
      useCases.connectCustomDomain.execute({ userId, domain: 'files.example.com' }),
    ).resolves.toEqual({ ok: true, value: { domain: 'files.example.com' } });

    const setUp = await useCases.setUpTwoFactor.execute({ userId });
    if (!setUp.ok) throw new Error('2FA set-up refused');
    expect(setUp.value.otpauthUrl).toContain('issuer=My%20Product');
    const code = await generate({ secret: setUp.value.secret });
    const confirmed = await useCases.confirmTwoFactor.execute({
      userId,
      secret: setUp.value.secret,
      verificationCode: code,
    });
    if (!confirmed.ok) throw new Error('2FA not confirmed');
    const [backupCode] = confirmed.value.backupCodes;
    await expect(useCases.getTwoFactorStatus.execute({ userId })).resolves.toMatchObject({
      ok: true,
      value: { twoFactorEnabled: true, backupCodesRemaining: 10 },
    });

    await expect(useCases.disableAccount.execute({ userId, password: 'guess' })).resolves.toEqual({
      ok: false,
      error: { type: 'InvalidPassword' },
    });
    await expect(
      useCases.disableAccount.execute({ userId, password: PASSWORD, verificationCode: backupCode }),
    ).resolves.toMatchObject({
      ok: true,
    });
    await expect(
      useCases.authorizeAccount.execute({ userId, operation: 'get-custom-domain' }),
    ).resolves.toEqual({ ok: false, error: { type: 'AccountDisabled' } });
  });

  it('refuses a second user with the same email in another case', async () => {
    const accounts = await accountsWith();
    await accounts.createUser({ email: 'ann@example.com', password: PASSWORD });
    await expect(accounts.createUser({ email: 'Ann@Example.com', password: PASSWORD })).resolves.toEqual({
      ok: false,
      error: { type: 'EmailTaken' },
    });
  });

  it('runs the outbox worker: a refused webhook is delivered again without another call', async () => {
    const receiver = await startFlakyReceiver();
    cleanups.push(() => new Promise((resolve) => receiver.server.close(() => resolve())));
    const accounts = await accountsWith({
      webhooks: { url: receiver.url, secret: WEBHOOK_SECRET },
      delivery: { retryBaseMs: 50, retryMaxMs: 100, pollMs: 50 },
    });
    const created = await accounts.createUser({ email: 'bob@example.com', password: PASSWORD });
    if (!created.ok) throw new Error('user not created');

    await accounts.useCases.disableAccount.execute({ userId: created.value.id, password: PASSWORD });

    await waitFor(() => receiver.deliveries.length >= 2);
    expect(receiver.deliveries[1]).toBe(receiver.deliveries[0]);
    expect(JSON.parse(receiver.deliveries[1] ?? '')).toMatchObject({ type: 'user.disabled' });
  });

  it('re-checks pending domains in the background, and stops when closed', async () => {
    const dns: TestDnsServer = await startTestDnsServer();
    cleanups.push(() => dns.close());
    const accounts = await accountsWith({
      dns: { servers: [dns.address], timeoutMs: 1_000 },
      domainVerification: { recheckMs: 50 },
    });
    const created = await accounts.createUser({
      email: 'cy@example.com',
      password: PASSWORD,
      entitlement: { service: 'DROP', tier: 'enterprise' },
    });
    if (!created.ok) throw new Error('user not created');
    const userId = created.value.id;
    await accounts.useCases.connectCustomDomain.execute({ userId, domain: 'files.example.com' });
    const pending = await accounts.useCases.getDomainVerification.execute({ userId });
    if (!pending.ok) throw new Error('no verification');
    dns.records.set(pending.value.recordName.toLowerCase(), [[pending.value.recordValue]]);

    let verified = false;
    const deadline = Date.now() + 5_000;
    while (!verified && Date.now() < deadline) {
      const state = await accounts.useCases.getDomainVerification.execute({ userId });
      verified = state.ok && state.value.status === 'verified';
      if (!verified) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(verified).toBe(true);

    await accounts.close();
    const asked = dns.queries.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dns.queries.length).toBe(asked);
  });
});
