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

  it('replaces the metadata as given, keeping keys the caller kept', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(user.id, { metadata: { plan: 'x', customDomain: 'old.example.com' } }),
    );
    const metadata = { plan: 'x', customDomain: 'new.example.com', customDomainVerified: false };
    expect(await subject.ports.entitlements.saveMetadata(user.id, 'DROP', metadata)).toEqual({
      ok: true,
      value: undefined,
    });
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toEqual(metadata);
  });

  it('stores null metadata as null', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(aDropEntitlement(user.id, { metadata: { plan: 'x' } }));
    await subject.ports.entitlements.saveMetadata(user.id, 'DROP', null);
    expect((await subject.ports.entitlements.findByService(user.id, 'DROP'))?.metadata).toBeNull();
  });

  it("refuses another user's domain in any case and changes nothing", async () => {
    const owner = await subject.addUser();
    const other = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(owner.id, { metadata: { customDomain: 'Shop.Example.com' } }),
    );
    await subject.addEntitlement(aDropEntitlement(other.id, { metadata: { keep: true } }));

    const saved = await subject.ports.entitlements.saveMetadata(other.id, 'DROP', {
      keep: true,
      customDomain: 'shop.EXAMPLE.com',
    });

    expect(saved).toEqual({ ok: false, error: { type: 'DomainInUse' } });
    expect((await subject.ports.entitlements.findByService(other.id, 'DROP'))?.metadata).toEqual({
      keep: true,
    });
  });

  it('lets a user save the domain it already has, in another case', async () => {
    const user = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(user.id, { metadata: { customDomain: 'mine.example.com' } }),
    );
    const saved = await subject.ports.entitlements.saveMetadata(user.id, 'DROP', {
      customDomain: 'MINE.example.com',
    });
    expect(saved.ok).toBe(true);
  });

  it('frees a domain once its owner removes it', async () => {
    const owner = await subject.addUser();
    const next = await subject.addUser();
    await subject.addEntitlement(
      aDropEntitlement(owner.id, { metadata: { customDomain: 'freed.example.com' } }),
    );
    await subject.addEntitlement(aDropEntitlement(next.id));
    await subject.ports.entitlements.saveMetadata(owner.id, 'DROP', { other: 1 });
    const saved = await subject.ports.entitlements.saveMetadata(next.id, 'DROP', {
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
    const saved = await subject.ports.entitlements.saveMetadata(other.id, 'MAIL', {
      customDomain: 'both.example.com',
    });
    expect(saved.ok).toBe(true);
  });

  it('is ok and changes nothing for a missing entitlement', async () => {
    const user = await subject.addUser();
    expect((await subject.ports.entitlements.saveMetadata(user.id, 'DROP', { a: 1 })).ok).toBe(true);
    expect(await subject.ports.entitlements.findByService(user.id, 'DROP')).toBeNull();
  });
});
