import { describe, expect, it } from 'vitest';
import { setUp, type TestContext } from './support.js';

const POLICY = { recheckMs: 60_000, ttlMs: 3_600_000 };
const NAME = '_accounts-challenge.files.example.com';

function withDomain(t: TestContext, domain = 'files.example.com', tier = 'enterprise') {
  const user = t.addUser();
  t.addEntitlement(user.id, { tier, metadata: { plan: 'x' } });
  return { user, domain };
}

async function connect(t: TestContext, userId: string, domain: string) {
  const connected = await t.useCases.connectCustomDomain.execute({ userId, domain });
  if (!connected.ok) throw new Error(connected.error.type);
}

async function view(t: TestContext, userId: string) {
  const got = await t.useCases.getDomainVerification.execute({ userId });
  if (!got.ok) throw new Error(got.error.type);
  return got.value;
}

function publish(t: TestContext, name: string, ...records: string[][]) {
  t.ports.dns.records.set(name.toLowerCase(), records);
}

/** A user on the enterprise tier with files.example.com connected. */
async function withConnectedDomain(t: TestContext) {
  const { user, domain } = withDomain(t);
  await connect(t, user.id, domain);
  return { user, domain };
}

/** Publishes the record the user's verification asks for. */
async function publishRecordOf(t: TestContext, userId: string) {
  publish(t, NAME, [(await view(t, userId)).recordValue]);
}

const verify = (t: TestContext, userId: string) => t.useCases.verifyCustomDomain.execute({ userId });

describe('the verification token', () => {
  it('is given on connect: 24 characters of [a-z0-9] in the record to publish', async () => {
    const t = setUp();
    const { user, domain } = await withConnectedDomain(t);

    expect(await view(t, user.id)).toEqual({
      domain,
      status: 'pending',
      recordType: 'TXT',
      recordName: NAME,
      recordValue: expect.stringMatching(/^accounts-verification=[a-z0-9]{24}$/) as string,
      checkedAt: null,
      verifiedAt: null,
    });
  });

  it('stays while the same domain (in any case) is connected again; another domain gets a new one', async () => {
    const t = setUp();
    const { user, domain } = await withConnectedDomain(t);
    const first = (await view(t, user.id)).recordValue;

    await connect(t, user.id, 'FILES.example.com');
    expect((await view(t, user.id)).recordValue).toBe(first);
    await connect(t, user.id, 'other.example.com');
    const other = (await view(t, user.id)).recordValue;
    expect(other).not.toBe(first);
    await connect(t, user.id, domain);
    expect((await view(t, user.id)).recordValue).not.toBe(other);
  });

  it('is forgotten on disconnect', async () => {
    const t = setUp();
    const { user, domain } = await withConnectedDomain(t);
    const first = (await view(t, user.id)).recordValue;

    await t.useCases.disconnectCustomDomain.execute({ userId: user.id });
    expect(t.db.domainVerifications.has(user.id)).toBe(false);
    expect(await t.useCases.getDomainVerification.execute({ userId: user.id })).toEqual({
      ok: false,
      error: { type: 'CustomDomainNotSet' },
    });
    await connect(t, user.id, domain);
    expect((await view(t, user.id)).recordValue).not.toBe(first);
  });

  it('is not kept when the connect is refused', async () => {
    const t = setUp();
    const owner = withDomain(t);
    await connect(t, owner.user.id, 'taken.example.com');
    const { user } = withDomain(t);

    expect(
      (await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'taken.example.com' })).ok,
    ).toBe(false);
    expect(t.db.domainVerifications.has(user.id)).toBe(false);
  });

  it('is made for a domain connected before verification existed, verified if it was flagged so', async () => {
    const t = setUp();
    const pending = t.addUser();
    t.addEntitlement(pending.id, { metadata: { customDomain: 'old.example.com' } });
    const verified = t.addUser();
    t.addEntitlement(verified.id, {
      metadata: { customDomain: 'done.example.com', customDomainVerified: true },
    });

    expect(await view(t, pending.id)).toMatchObject({ domain: 'old.example.com', status: 'pending' });
    expect(await view(t, verified.id)).toMatchObject({ domain: 'done.example.com', status: 'verified' });
    expect((await view(t, pending.id)).recordValue).toBe((await view(t, pending.id)).recordValue);
  });
});

describe('VerifyCustomDomain', () => {
  it('verifies when the record holds the value: flag, audit record, status and times', async () => {
    const t = setUp({ domainVerification: POLICY });
    const { user, domain } = await withConnectedDomain(t);
    await publishRecordOf(t, user.id);
    t.ports.clock.advance(1_000);

    const verified = await verify(t, user.id);

    const now = t.ports.clock.now();
    expect(verified).toEqual({
      ok: true,
      value: expect.objectContaining({ status: 'verified', checkedAt: now, verifiedAt: now }) as object,
    });
    expect(t.entitlementOf(user.id)?.metadata).toEqual({
      plan: 'x',
      customDomain: domain,
      customDomainVerified: true,
    });
    expect(t.db.auditOf(user.id).at(-1)).toEqual({
      userId: user.id,
      event: 'USER_UPDATE',
      details: { field: 'customDomainVerified', value: true, domain },
    });
    expect(await t.useCases.getCustomDomain.execute({ userId: user.id })).toEqual({
      ok: true,
      value: { customDomain: domain, customDomainVerified: true, hasCustomDomain: true },
    });
  });

  it('queues the custom_domain.verified webhook with the domain, once', async () => {
    const t = setUp();
    const { user, domain } = await withConnectedDomain(t);
    await publishRecordOf(t, user.id);

    await verify(t, user.id);
    await verify(t, user.id);

    const events = t.ports.outbox.entries({ kind: 'webhook' }).map((entry) => entry.payload);
    expect(events.filter((event) => 'type' in event && event.type === 'custom_domain.verified')).toEqual([
      {
        type: 'custom_domain.verified',
        timestamp: t.ports.clock.now().toISOString(),
        data: { userId: user.id, domain },
      },
    ]);
  });

  it('joins the chunks of a record split into several strings', async () => {
    const t = setUp();
    const { user } = await withConnectedDomain(t);
    const value = (await view(t, user.id)).recordValue;
    publish(t, NAME, ['v=spf1 -all'], [value.slice(0, 10), value.slice(10, 20), value.slice(20)]);

    expect(await verify(t, user.id)).toMatchObject({
      value: { status: 'verified' },
    });
  });

  it.each([
    ['no record', () => []],
    ['a wrong token', () => [['accounts-verification=aaaaaaaaaaaaaaaaaaaaaaaa']]],
  ])('stays pending, with checkedAt, for %s', async (_name, records) => {
    const t = setUp();
    const { user } = await withConnectedDomain(t);
    publish(t, NAME, ...records());

    const checked = await verify(t, user.id);

    expect(checked).toMatchObject({
      ok: true,
      value: { status: 'pending', checkedAt: t.ports.clock.now(), verifiedAt: null },
    });
    expect(t.entitlementOf(user.id)?.metadata?.customDomainVerified).toBe(false);
    expect(t.db.auditOf(user.id).map((r) => r.details.field)).toEqual(['customDomain']);
  });

  it("stays pending when only another domain's record is published", async () => {
    const t = setUp();
    const other = withDomain(t);
    await connect(t, other.user.id, 'other.example.com');
    const otherValue = (await view(t, other.user.id)).recordValue;
    const { user } = await withConnectedDomain(t);
    publish(t, '_accounts-challenge.other.example.com', [otherValue]);
    publish(t, NAME, [otherValue]);

    expect(await verify(t, user.id)).toMatchObject({
      value: { status: 'pending' },
    });
  });

  it('stays pending, and logs, when the lookup fails', async () => {
    const t = setUp();
    const { user } = await withConnectedDomain(t);
    t.ports.dns.failing = true;

    expect(await verify(t, user.id)).toMatchObject({
      ok: true,
      value: { status: 'pending', checkedAt: t.ports.clock.now() },
    });
    expect(t.ports.logger.entries.map((e) => e.details.event)).toContain('dns_lookup_failed');
  });

  it('answers EnterprisePlanRequired before CustomDomainNotSet, and CustomDomainNotSet without a domain', async () => {
    const t = setUp();
    const pro = t.addUser();
    t.addEntitlement(pro.id, { tier: 'pro' });
    const none = t.addUser();
    const enterprise = t.addUser();
    t.addEntitlement(enterprise.id);

    expect(await verify(t, pro.id)).toEqual({
      ok: false,
      error: { type: 'EnterprisePlanRequired' },
    });
    expect(await verify(t, none.id)).toEqual({
      ok: false,
      error: { type: 'EnterprisePlanRequired' },
    });
    expect(await verify(t, enterprise.id)).toEqual({
      ok: false,
      error: { type: 'CustomDomainNotSet' },
    });
    expect(t.ports.dns.lookups).toEqual([]);
  });

  it('verifies once when two checks run at the same time: one audit record, both answers verified', async () => {
    const t = setUp();
    const { user } = await withConnectedDomain(t);
    await publishRecordOf(t, user.id);

    const answers = await Promise.all([verify(t, user.id), verify(t, user.id)]);

    for (const answer of answers) expect(answer).toMatchObject({ ok: true, value: { status: 'verified' } });
    expect(t.ports.dns.lookups).toHaveLength(2);
    expect(t.db.auditOf(user.id).map((r) => r.details.field)).toEqual([
      'customDomain',
      'customDomainVerified',
    ]);
  });

  it('does not look a verified domain up again, nor write a second audit record', async () => {
    const t = setUp();
    const { user } = await withConnectedDomain(t);
    await publishRecordOf(t, user.id);
    await verify(t, user.id);
    publish(t, NAME);

    expect(await verify(t, user.id)).toMatchObject({
      value: { status: 'verified' },
    });
    expect(t.ports.dns.lookups).toHaveLength(1);
    expect(t.db.auditOf(user.id)).toHaveLength(2);
  });

  it('connecting again resets verified to false and the status to pending', async () => {
    const t = setUp();
    const { user, domain } = await withConnectedDomain(t);
    await publishRecordOf(t, user.id);
    await verify(t, user.id);

    await connect(t, user.id, domain);

    expect(await view(t, user.id)).toMatchObject({ status: 'pending', checkedAt: null, verifiedAt: null });
    expect(t.entitlementOf(user.id)?.metadata?.customDomainVerified).toBe(false);
  });
});

describe('RecheckPendingDomains', () => {
  it('verifies a pending domain once its record appears, and only rechecks after the interval', async () => {
    const t = setUp({ domainVerification: POLICY });
    const { user } = await withConnectedDomain(t);

    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 0, checked: 1, verified: 0 });
    await publishRecordOf(t, user.id);
    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 0, checked: 0, verified: 0 });
    t.ports.clock.advance(POLICY.recheckMs);
    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 0, checked: 1, verified: 1 });
    expect(await view(t, user.id)).toMatchObject({ status: 'verified' });
    expect(t.entitlementOf(user.id)?.metadata?.customDomainVerified).toBe(true);
  });

  it('fails a domain still pending at the TTL; a later POST verify can still verify it', async () => {
    const t = setUp({ domainVerification: POLICY });
    const { user } = await withConnectedDomain(t);
    t.ports.clock.advance(POLICY.ttlMs);

    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 1, checked: 0, verified: 0 });
    expect(await view(t, user.id)).toMatchObject({ status: 'failed' });
    await publishRecordOf(t, user.id);
    t.ports.clock.advance(POLICY.recheckMs);
    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 0, checked: 0, verified: 0 });

    expect(await verify(t, user.id)).toMatchObject({
      value: { status: 'verified' },
    });
  });

  it('keeps going past a domain whose check throws', async () => {
    const t = setUp();
    const first = withDomain(t);
    await connect(t, first.user.id, 'aa.example.com');
    const second = withDomain(t);
    await connect(t, second.user.id, 'bb.example.com');
    publish(t, '_accounts-challenge.aa.example.com', [(await view(t, first.user.id)).recordValue]);
    t.audit.failing = true;

    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({ expired: 0, checked: 2, verified: 0 });
    expect(t.ports.logger.entries.map((e) => e.details.event)).toContain('domain_recheck_failed');
  });

  it('goes through more pending domains than one batch holds', async () => {
    const t = setUp();
    for (let i = 0; i < 105; i++) {
      const { user } = withDomain(t);
      await connect(t, user.id, `many${i}.example.com`);
    }
    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({
      expired: 0,
      checked: 105,
      verified: 0,
    });
  });

  it('leaves a batch of domains whose checks throw for the next run instead of looping on them', async () => {
    const t = setUp();
    for (let i = 0; i < 100; i++) {
      const { user } = withDomain(t);
      await connect(t, user.id, `throws${i}.example.com`);
      publish(t, `_accounts-challenge.throws${i}.example.com`, [(await view(t, user.id)).recordValue]);
    }
    t.audit.failing = true;
    expect(await t.useCases.recheckPendingDomains.execute()).toEqual({
      expired: 0,
      checked: 100,
      verified: 0,
    });
  });
});
