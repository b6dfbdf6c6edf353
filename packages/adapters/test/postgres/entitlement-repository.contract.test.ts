import { ok, type Metadata } from '@accounts/domain';
import { aDropEntitlement } from '@accounts/application/testing';
import { describe, expect, it } from 'vitest';
import { contractTargets, openForSuite } from './contract-subjects.js';

const targets = await contractTargets();

describe.each(targets)('EntitlementRepository contract: $label', (target) => {
  const subject = openForSuite(target.open);

  it('finds the entitlement of a service with every field mapped', async () => {
    const user = await subject.addUser();
    const entitlement = aDropEntitlement(user.id, {
      tier: 'pro',
      billingCustomerId: 'cus_1',
      billingSubscriptionId: 'sub_1',
      metadata: { customDomain: 'a.example.com', customDomainVerified: true, nested: { list: [1, 'two'] } },
    });
    await subject.addEntitlement(entitlement);
    expect(await subject.ports.entitlements.findByService(user.id, 'DROP')).toEqual(entitlement);
    expect(await subject.ports.entitlements.findByService(user.id, 'OTHER')).toBeNull();
  });

  it('reads the account flags with the entitlement of a service in one call', async () => {
    const user = await subject.addUser({ banned: true });
    const entitlement = aDropEntitlement(user.id, { metadata: { customDomain: 'b.example.com' } });
    await subject.addEntitlement(entitlement);
    expect(await subject.ports.entitlements.findWithAccountFlags(user.id, 'DROP')).toEqual({
      flags: { disabled: false, banned: true },
      entitlement,
    });
    expect(await subject.ports.entitlements.findWithAccountFlags(user.id, 'OTHER')).toEqual({
      flags: { disabled: false, banned: true },
      entitlement: null,
    });
    expect(await subject.ports.entitlements.findWithAccountFlags('nobody', 'DROP')).toEqual({
      flags: null,
      entitlement: null,
    });
  });

  it("reads the account flags with the metadata of a service's entitlement in one call", async () => {
    const user = await subject.addUser({ disabled: true });
    const metadata = {
      customDomain: 'c.example.com',
      customDomainVerified: true,
      nested: { list: [1, 'two'] },
    };
    await subject.addEntitlement(aDropEntitlement(user.id, { metadata }));
    expect(await subject.ports.entitlements.findMetadataWithAccountFlags(user.id, 'DROP')).toEqual({
      flags: { disabled: true, banned: false },
      metadata,
    });
    expect(await subject.ports.entitlements.findMetadataWithAccountFlags(user.id, 'OTHER')).toEqual({
      flags: { disabled: true, banned: false },
      metadata: null,
    });
    expect(await subject.ports.entitlements.findMetadataWithAccountFlags('nobody', 'DROP')).toEqual({
      flags: null,
      metadata: null,
    });
    const other = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(other.id, { metadata: null }));
    expect(await subject.ports.entitlements.findMetadataWithAccountFlags(other.id, 'DROP')).toEqual({
      flags: { disabled: false, banned: false },
      metadata: null,
    });
  });

  it('lists only the entitlements with a billing subscription', async () => {
    const user = await subject.addUser();
    const subscribed = [
      aDropEntitlement(user.id, { billingSubscriptionId: 'sub_a' }),
      aDropEntitlement(user.id, { service: 'MAIL', billingSubscriptionId: 'sub_b' }),
    ];
    await subject.addEntitlement(subscribed[0]!);
    await subject.addEntitlement(aDropEntitlement(user.id, { service: 'FREE' }));
    await subject.addEntitlement(subscribed[1]!);
    expect(await subject.ports.entitlements.findSubscribed(user.id)).toEqual(subscribed);
    expect(await subject.ports.entitlements.findSubscribed('nobody')).toEqual([]);
  });

  it('sets the keys given and keeps every other key', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(user.id, { metadata: { plan: 'x', customDomain: 'old.example.com' } }),
    );
    const keys = { customDomain: 'new.example.com', customDomainVerified: false };
    expect(await subject.ports.entitlements.setMetadataKeys(user.id, 'DROP', keys)).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({
      plan: 'x',
      ...keys,
    });
  });

  it('sets keys on an entitlement without metadata', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(user.id));
    await subject.ports.entitlements.setMetadataKeys(user.id, 'DROP', { a: 1 });
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({ a: 1 });
  });

  it('removes the keys given and keeps every other key; no metadata stays none', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(user.id, {
        metadata: { plan: 'x', customDomain: 'removed.example.com', customDomainVerified: true },
      }),
    );
    const bare = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(bare.id));

    await subject.ports.entitlements.removeMetadataKeys(user.id, 'DROP', [
      'customDomain',
      'customDomainVerified',
    ]);
    await subject.ports.entitlements.removeMetadataKeys(bare.id, 'DROP', ['customDomain']);

    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({
      plan: 'x',
    });
    expect((await subject.ports.entitlements.findByService(bare.id, 'DROP'))?.metadata).toBeNull();
  });

  it("refuses another user's domain in any case and changes nothing", async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(owner.id, { metadata: { customDomain: 'Shop.Example.com' } }),
    );
    await subject.addEntitlement(aDropEntitlement(other.id, { metadata: { keep: true } }));

    const saved = await subject.ports.entitlements.setMetadataKeys(other.id, 'DROP', {
      customDomain: 'shop.EXAMPLE.com',
    });

    expect(saved).toEqual({ ok: false, error: { type: 'DomainInUse' } });
    expect((await subject.ports.entitlements.findByService(other.id, 'DROP'))?.metadata).toEqual({
      keep: true,
    });
  });

  it('lets a user set the domain it already has, in another case', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(user.id, { metadata: { customDomain: 'mine.example.com' } }),
    );
    const saved = await subject.ports.entitlements.setMetadataKeys(user.id, 'DROP', {
      customDomain: 'MINE.example.com',
    });
    expect(saved.ok).toBe(true);
  });

  it('frees a domain once its owner removes it', async () => {
    const owner = await subject.addUser();
    const next = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(owner.id, { metadata: { customDomain: 'freed.example.com', other: 1 } }),
    );
    await subject.addEntitlement(aDropEntitlement(next.id));
    await subject.ports.entitlements.removeMetadataKeys(owner.id, 'DROP', ['customDomain']);
    const saved = await subject.ports.entitlements.setMetadataKeys(next.id, 'DROP', {
      customDomain: 'freed.example.com',
    });
    expect(saved.ok).toBe(true);
  });

  it('does not hold services other than DROP to the domain rule', async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(owner.id, { metadata: { customDomain: 'both.example.com' } }),
    );
    await subject.addEntitlement(aDropEntitlement(other.id, { service: 'MAIL' }));
    const saved = await subject.ports.entitlements.setMetadataKeys(other.id, 'MAIL', {
      customDomain: 'both.example.com',
    });
    expect(saved.ok).toBe(true);
  });

  it('finds who holds a domain, in any case, with the status of its verification of that domain', async () => {
    const holder = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(holder.id, { metadata: { customDomain: 'Held.example.com' } }),
    );
    const other = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(other.id, { service: 'MAIL', metadata: { customDomain: 'mail-only.example.com' } }),
    );
    const entitlements = subject.ports.entitlements;
    const claim = (status: string | null) => ({ userId: holder.id, domain: 'Held.example.com', status });

    // Connected before verification existed: no status.
    expect(await entitlements.findDomainClaim('held.EXAMPLE.com')).toEqual(claim(null));
    const at = new Date('2026-03-01T12:00:00Z');
    const stored = { token: 't'.repeat(24), connectedAt: at, checkedAt: at, verifiedAt: null };
    await subject.ports.domainVerifications.save(holder.id, {
      domain: 'held.example.com',
      status: 'failed',
      ...stored,
    });
    expect(await entitlements.findDomainClaim('held.example.com')).toEqual(claim('failed'));
    // The verification of another domain says nothing about this one.
    await subject.ports.domainVerifications.save(holder.id, {
      domain: 'else.example.com',
      status: 'failed',
      ...stored,
    });
    expect(await entitlements.findDomainClaim('held.example.com')).toEqual(claim(null));

    expect(await entitlements.findDomainClaim('mail-only.example.com')).toBeNull();
    expect(await entitlements.findDomainClaim('nobody.example.com')).toBeNull();
  });

  it('is ok and changes nothing for a missing entitlement', async () => {
    const user = await subject.addUser();
    expect((await subject.ports.entitlements.setMetadataKeys(user.id, 'DROP', { a: 1 })).ok).toBe(true);
    await subject.ports.entitlements.removeMetadataKeys(user.id, 'DROP', ['a']);
    expect(await subject.ports.entitlements.findByService(user.id, 'DROP')).toBeNull();
  });

  it.each([
    ['a JSON string', 'abc', 'string.example.com'],
    ['a JSON array', ['a', 'b'], 'array.example.com'],
    ['a JSON number', 7, 'number.example.com'],
  ])('treats metadata that is %s as an empty object', async (_name, metadata, domain) => {
    const user = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(user.id, { metadata: metadata as unknown as Metadata }));
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({});
    expect((await subject.ports.entitlements.findMetadataWithAccountFlags(user.id, 'DROP')).metadata).toEqual(
      {},
    );

    expect(
      await subject.ports.entitlements.setMetadataKeys(user.id, 'DROP', { customDomain: domain }),
    ).toEqual(ok());
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual({
      customDomain: domain,
    });
  });
});
