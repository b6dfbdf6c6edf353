import { startTestDnsServer, testDatabaseTargets, type TestDnsServer } from '@accounts/adapters/testing';
import type { Clock } from '@accounts/application';
import { aDropEntitlement } from '@accounts/application/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceWithStandIns } from './outbox-support.js';
import { together } from './races.js';
import { seedSignedInUser, type SignedInUser } from './signed-in-user.js';

// decisions.md, "Custom-domain verification", last point: a squatter connects
// a domain it does not control and never verifies it. While its claim is pending the real owner
// gets 409; once the claim has failed (DOMAIN_VERIFICATION_TTL_MS), the owner's connect releases
// it. Through HTTP on the real service, its worker and a loopback DNS server. The service's clock is
// moved on past the TTL rather than waited out.
const TTL_MS = 60_000;
const RECHECK_MS = 100;

/** Real time, plus however far the test moved it on. */
class MovableClock implements Clock {
  #offset = 0;
  now() {
    return new Date(Date.now() + this.#offset);
  }
  advance(ms: number) {
    this.#offset += ms;
  }
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const IN_USE = { statusCode: 409, code: 'DOMAIN_IN_USE', message: 'Domain is already in use' };

describe.each(await testDatabaseTargets())('domain squatting on $label', (target) => {
  let dns: TestDnsServer;
  // Read by serviceWithStandIns' beforeAll, which runs after this one.
  const env = {
    DNS_SERVERS: '',
    DNS_TIMEOUT_MS: '500',
    DOMAIN_RECHECK_MS: String(RECHECK_MS),
    DOMAIN_VERIFICATION_TTL_MS: String(TTL_MS),
  };
  beforeAll(async () => {
    dns = await startTestDnsServer();
    env.DNS_SERVERS = dns.address;
  });
  afterAll(() => dns.close());
  const clock = new MovableClock();
  const real = serviceWithStandIns(target, {
    password: 'a long and real password',
    webhooks: true,
    env,
    clock,
  });
  const db = () => real.service.database.db;

  const anEnterpriseUser = () =>
    seedSignedInUser(real, { passwordHash: null }, (id) => aDropEntitlement(id, { tier: 'enterprise' }));
  const connect = (user: SignedInUser, domain: string) =>
    user.call('POST', '/api/user/custom-domain', { domain });
  const statusOf = async (user: SignedInUser) =>
    (await user.call('GET', '/api/user/custom-domain/verification')).body.status;
  const auditOf = (userId: string) =>
    db()
      .selectFrom('audit_logs')
      .select(['event', 'details'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const webhooksOf = async (userId: string) =>
    (
      await db()
        .selectFrom('outbox')
        .select('payload')
        .where('user_id', '=', userId)
        .where('kind', '=', 'webhook')
        .orderBy('created_at')
        .execute()
    ).map((entry) => entry.payload as { type: string; data: Record<string, string> });

  /** A squatter whose claim of `domain` has failed verification. */
  async function failedSquatter(domain: string) {
    const squatter = await anEnterpriseUser();
    expect((await connect(squatter, domain)).status).toBe(200);
    clock.advance(TTL_MS);
    expect(
      await waitFor(
        () => statusOf(squatter),
        (status) => status === 'failed',
      ),
    ).toBe('failed');
    return squatter;
  }

  it('a pending claim holds the domain; once failed, the owner’s connect releases it and connects', async () => {
    const domain = `shop-${Date.now()}.example.com`;
    const squatter = await anEnterpriseUser();
    const owner = await anEnterpriseUser();
    expect((await connect(squatter, domain)).status).toBe(200);
    expect((await connect(owner, domain.toUpperCase())).body).toEqual({ error: 'Conflict', ...IN_USE });
    expect(await statusOf(squatter)).toBe('pending');

    clock.advance(TTL_MS);
    expect(
      await waitFor(
        () => statusOf(squatter),
        (status) => status === 'failed',
      ),
    ).toBe('failed');
    expect(await connect(owner, domain)).toEqual({
      status: 200,
      body: {
        success: true,
        domain,
        message: 'Domain connected successfully. Please configure your DNS settings.',
      },
    });

    expect((await squatter.call('GET', '/api/user/custom-domain')).body).toEqual({
      customDomain: null,
      customDomainVerified: false,
      hasCustomDomain: false,
    });
    expect((await squatter.call('GET', '/api/user/custom-domain/verification')).status).toBe(404);
    expect(await auditOf(squatter.id)).toEqual([
      { event: 'USER_UPDATE', details: { field: 'customDomain', value: domain } },
      { event: 'USER_UPDATE', details: { field: 'customDomain', action: 'released', domain } },
    ]);
    expect((await webhooksOf(squatter.id)).map((event) => [event.type, event.data])).toEqual([
      ['custom_domain.connected', { userId: squatter.id, domain }],
      ['custom_domain.released', { userId: squatter.id, domain }],
    ]);
    // Sent to the receiver as well, signed.
    const delivered = await waitFor(
      () =>
        Promise.resolve(
          real.receiver.attempts.filter((attempt) => attempt.event.type === 'custom_domain.released'),
        ),
      (attempts) => attempts.some((attempt) => attempt.event.data.userId === squatter.id),
    );
    expect(delivered.map((attempt) => attempt.event.data)).toContainEqual({ userId: squatter.id, domain });

    expect((await owner.call('GET', '/api/user/custom-domain/verification')).body).toMatchObject({
      domain,
      status: 'pending',
    });
    // The squatter cannot take it back while the owner's claim is pending.
    expect((await connect(squatter, domain)).body).toMatchObject(IN_USE);
  });

  it('of two users connecting a failed claim at once, one wins; the claim is released once', async () => {
    for (let run = 0; run < 5; run++) {
      const domain = `race-${run}-${Date.now()}.example.com`;
      const squatter = await failedSquatter(domain);
      const first = await anEnterpriseUser();
      const second = await anEnterpriseUser();

      const answers = await together(db(), () => [connect(first, domain), connect(second, domain)]);

      expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers)).toEqual([200, 409]);
      const released = (await auditOf(squatter.id)).filter((record) => record.details.action === 'released');
      expect(released).toHaveLength(1);
      expect(
        (await webhooksOf(squatter.id)).filter((event) => event.type === 'custom_domain.released'),
      ).toHaveLength(1);
      const winner = answers[0]?.status === 200 ? first : second;
      expect((await winner.call('GET', '/api/user/custom-domain')).body).toMatchObject({
        customDomain: domain,
      });
    }
  });
});
