import {
  startSilentDnsServer,
  startTestDnsServer,
  type TestDnsServer,
  testDatabaseTargets,
} from '@accounts/adapters/testing';
import { aDropEntitlement, FixedClock } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../src/composition-root.js';
import { startRealService, type RealService } from './real-service.js';
import { seedSignedInUser } from './signed-in-user.js';

// Custom-domain verification through HTTP, against a DNS server on loopback.
const RECHECK_MS = 150;
const TTL_MS = 3_600_000;

async function waitFor<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(await testDatabaseTargets())('custom-domain verification through HTTP on $label', (target) => {
  const clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
  let dns: TestDnsServer;
  let service: Service;
  let base: string;
  let close: RealService['close'] | undefined;

  beforeAll(async () => {
    dns = await startTestDnsServer();
    ({ service, base, close } = await startRealService(target, {
      env: {
        DNS_SERVERS: dns.address,
        DNS_TIMEOUT_MS: '1000',
        DOMAIN_RECHECK_MS: String(RECHECK_MS),
        DOMAIN_VERIFICATION_TTL_MS: String(TTL_MS),
        RATE_LIMIT_MAX: '100000',
      },
      clock,
    }));
  });
  afterAll(async () => {
    await close?.();
    await dns.close();
  });

  const aUser = (tier: string | null = 'enterprise') =>
    seedSignedInUser(
      { service, base },
      { passwordHash: null },
      tier === null ? undefined : (id) => aDropEntitlement(id, { tier }),
    );

  /** A user with `domain` connected, and its record as GET verification shows it. */
  async function connected(domain: string) {
    const user = await aUser();
    expect((await user.call('POST', '/api/user/custom-domain', { domain })).status).toBe(200);
    const verification = await user.call('GET', '/api/user/custom-domain/verification');
    expect(verification.status).toBe(200);
    return {
      ...user,
      recordName: verification.body.recordName as string,
      recordValue: verification.body.recordValue as string,
    };
  }

  const auditOf = (userId: string) =>
    service.database.db
      .selectFrom('audit_logs')
      .select(['event', 'details'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();

  it('verifies when the TXT record is published: flag, audit record, status and times', async () => {
    const user = await connected('present.example.com');
    expect(user.recordName).toBe('_accounts-challenge.present.example.com');
    expect(user.recordValue).toMatch(/^accounts-verification=[a-z0-9]{24}$/);
    dns.records.set(user.recordName, [[user.recordValue]]);

    const verified = await user.call('POST', '/api/user/custom-domain/verify');

    const now = clock.now().toISOString();
    const expected = {
      domain: 'present.example.com',
      status: 'verified',
      recordType: 'TXT',
      recordName: user.recordName,
      recordValue: user.recordValue,
      checkedAt: now,
      verifiedAt: now,
    };
    expect(verified).toEqual({ status: 200, body: expected });
    expect((await user.call('GET', '/api/user/custom-domain/verification')).body).toEqual(expected);
    expect((await user.call('GET', '/api/user/custom-domain')).body).toEqual({
      customDomain: 'present.example.com',
      customDomainVerified: true,
      hasCustomDomain: true,
    });
    expect(await auditOf(user.id)).toEqual([
      { event: 'USER_UPDATE', details: { field: 'customDomain', value: 'present.example.com' } },
      {
        event: 'USER_UPDATE',
        details: { field: 'customDomainVerified', value: true, domain: 'present.example.com' },
      },
    ]);
  });

  it('stays pending, with checkedAt, when there is no record', async () => {
    const user = await connected('absent.example.com');
    const checked = await user.call('POST', '/api/user/custom-domain/verify');
    expect(checked).toEqual({
      status: 200,
      body: expect.objectContaining({
        status: 'pending',
        checkedAt: clock.now().toISOString(),
        verifiedAt: null,
      }) as object,
    });
    expect(dns.queries).toContain('_accounts-challenge.absent.example.com');
    expect((await user.call('GET', '/api/user/custom-domain')).body).toMatchObject({
      customDomainVerified: false,
    });
  });

  it('verifies a record split into several strings', async () => {
    const user = await connected('split.example.com');
    const value = user.recordValue;
    dns.records.set(user.recordName, [
      ['v=spf1 -all'],
      [value.slice(0, 9), value.slice(9, 30), value.slice(30)],
    ]);
    expect((await user.call('POST', '/api/user/custom-domain/verify')).body).toMatchObject({
      status: 'verified',
    });
  });

  it("stays pending for a wrong token, and for another domain's record", async () => {
    const other = await connected('other-owner.example.com');
    dns.records.set(other.recordName, [[other.recordValue]]);
    const wrong = await connected('wrong-token.example.com');
    dns.records.set(wrong.recordName, [['accounts-verification=aaaaaaaaaaaaaaaaaaaaaaaa']]);
    const borrowed = await connected('borrowed.example.com');
    dns.records.set(borrowed.recordName, [[other.recordValue]]);

    expect((await wrong.call('POST', '/api/user/custom-domain/verify')).body).toMatchObject({
      status: 'pending',
    });
    expect((await borrowed.call('POST', '/api/user/custom-domain/verify')).body).toMatchObject({
      status: 'pending',
    });
  });

  it('is verified by the worker alone once the record appears', async () => {
    const user = await connected('worker.example.com');
    // The worker looks it up (nothing there yet) and records the check.
    const pending = await waitFor(
      () => user.call('GET', '/api/user/custom-domain/verification'),
      (answer) => answer.body.checkedAt !== null,
      5_000,
    );
    expect(pending.body).toMatchObject({ status: 'pending', checkedAt: clock.now().toISOString() });

    dns.records.set(user.recordName, [[user.recordValue]]);
    clock.advance(RECHECK_MS);
    const verified = await waitFor(
      () => user.call('GET', '/api/user/custom-domain/verification'),
      (answer) => answer.body.status === 'verified',
      5_000,
    );

    expect(verified.body).toMatchObject({ status: 'verified', verifiedAt: clock.now().toISOString() });
    expect((await user.call('GET', '/api/user/custom-domain')).body).toMatchObject({
      customDomainVerified: true,
    });
    expect((await auditOf(user.id)).map((row) => row.details.field)).toEqual([
      'customDomain',
      'customDomainVerified',
    ]);
  });

  it('fails once the TTL has passed; a later POST verify can still verify it', async () => {
    const user = await connected('late.example.com');
    clock.advance(TTL_MS);
    const failed = await waitFor(
      () => user.call('GET', '/api/user/custom-domain/verification'),
      (answer) => answer.body.status === 'failed',
      5_000,
    );
    expect(failed.body).toMatchObject({ status: 'failed', verifiedAt: null });

    dns.records.set(user.recordName, [[user.recordValue]]);
    expect((await user.call('POST', '/api/user/custom-domain/verify')).body).toMatchObject({
      status: 'verified',
    });
    expect((await user.call('GET', '/api/user/custom-domain')).body).toMatchObject({
      customDomainVerified: true,
    });
  });

  it('keeps the token when the same domain is connected again, and gives another domain a new one', async () => {
    const user = await connected('keep.example.com');
    dns.records.set(user.recordName, [[user.recordValue]]);
    expect((await user.call('POST', '/api/user/custom-domain/verify')).body).toMatchObject({
      status: 'verified',
    });
    // Taken down first, so that the worker cannot verify the reconnected domain again meanwhile.
    dns.records.delete(user.recordName);

    await user.call('POST', '/api/user/custom-domain', { domain: 'KEEP.example.com' });
    const again = await user.call('GET', '/api/user/custom-domain/verification');
    expect(again.body).toMatchObject({ status: 'pending', recordValue: user.recordValue, verifiedAt: null });
    expect((await user.call('GET', '/api/user/custom-domain')).body).toMatchObject({
      customDomainVerified: false,
    });

    await user.call('POST', '/api/user/custom-domain', { domain: 'new-one.example.com' });
    const other = await user.call('GET', '/api/user/custom-domain/verification');
    expect(other.body).toMatchObject({ domain: 'new-one.example.com', status: 'pending' });
    expect(other.body.recordValue).not.toBe(user.recordValue);
  });

  it('answers 403 to a caller without the Enterprise tier, and 404 CUSTOM_DOMAIN_NOT_SET without a domain', async () => {
    const pro = await aUser('pro');
    expect(await pro.call('POST', '/api/user/custom-domain/verify')).toEqual({
      status: 403,
      body: {
        statusCode: 403,
        error: 'Forbidden',
        code: 'ENTERPRISE_PLAN_REQUIRED',
        message: 'Enterprise plan required for custom domains',
      },
    });
    const none = await aUser(null);
    expect((await none.call('POST', '/api/user/custom-domain/verify')).status).toBe(403);

    const notFound = {
      status: 404,
      body: {
        statusCode: 404,
        error: 'Not Found',
        code: 'CUSTOM_DOMAIN_NOT_SET',
        message: 'No custom domain is set',
      },
    };
    const enterprise = await aUser();
    expect(await enterprise.call('GET', '/api/user/custom-domain/verification')).toEqual(notFound);
    expect(await enterprise.call('POST', '/api/user/custom-domain/verify')).toEqual(notFound);
    expect(await none.call('GET', '/api/user/custom-domain/verification')).toEqual(notFound);
    const disconnected = await connected('gone.example.com');
    await disconnected.call('DELETE', '/api/user/custom-domain');
    expect(await disconnected.call('GET', '/api/user/custom-domain/verification')).toEqual(notFound);
  });
});

describe.each(await testDatabaseTargets())(
  'custom-domain verification with a DNS server that never answers, on $label',
  (target) => {
    const TIMEOUT_MS = 500;
    let silent: Awaited<ReturnType<typeof startSilentDnsServer>>;
    let real: RealService;
    beforeAll(async () => {
      silent = await startSilentDnsServer();
      real = await startRealService(target, {
        env: { DNS_SERVERS: silent.address, DNS_TIMEOUT_MS: String(TIMEOUT_MS) },
      });
    });
    afterAll(async () => {
      await real.close();
      await silent.close();
    });

    // The lookup is given up at DNS_TIMEOUT_MS (the resolver's own test checks it is the deadline
    // that ends it); here the request answers pending instead of waiting on: a bound on hanging.
    it('answers pending once DNS_TIMEOUT_MS is up', async () => {
      const { call } = await seedSignedInUser(real, { passwordHash: null }, (id) => aDropEntitlement(id));
      await call('POST', '/api/user/custom-domain', { domain: 'silent.example.com' });

      const started = Date.now();
      const checked = await call('POST', '/api/user/custom-domain/verify');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 10_000);
      expect(checked).toEqual({
        status: 200,
        body: expect.objectContaining({
          status: 'pending',
          checkedAt: expect.any(String) as string,
        }) as object,
      });
    });
  },
);
