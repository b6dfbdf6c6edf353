import { describe, expect, it } from 'vitest';
import { setUp } from './support.js';

describe('GetCustomDomain', () => {
  it.each([
    [
      'no DROP entitlement',
      undefined,
      { customDomain: null, customDomainVerified: false, hasCustomDomain: false },
    ],
    [
      'an entitlement without metadata',
      null,
      { customDomain: null, customDomainVerified: false, hasCustomDomain: false },
    ],
    [
      'an unverified domain',
      { customDomain: 'ada.example', customDomainVerified: false },
      { customDomain: 'ada.example', customDomainVerified: false, hasCustomDomain: true },
    ],
    [
      'a verified domain',
      { customDomain: 'ada.example', customDomainVerified: true },
      { customDomain: 'ada.example', customDomainVerified: true, hasCustomDomain: true },
    ],
  ])('with %s', async (_name, metadata, expected) => {
    const t = setUp();
    const user = t.addUser();
    if (metadata !== undefined) t.addEntitlement(user.id, { metadata });
    t.addEntitlement(user.id, { service: 'OTHER', metadata: { customDomain: 'not-drop.example' } });

    expect(await t.useCases.getCustomDomain.execute({ userId: user.id })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each([
    ['disabled', { disabled: true }, 'AccountDisabled'],
    ['banned', { banned: true }, 'AccountBanned'],
  ])('leaves a %s account to the gate, which refuses it', async (_name, flags, type) => {
    const t = setUp();
    const user = t.addUser(flags);
    t.addEntitlement(user.id, { metadata: { customDomain: 'ada.example' } });

    expect(
      await t.useCases.authorizeAccount.execute({ userId: user.id, operation: 'get-custom-domain' }),
    ).toEqual({ ok: false, error: { type } });
  });

  it('answers UserNotFound for an unknown user (the gate lets it through)', async () => {
    const t = setUp();
    expect(await t.useCases.getCustomDomain.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
  });
});

describe('ConnectCustomDomain', () => {
  it.each([
    ['no DROP entitlement', null],
    ['a pro DROP entitlement', 'pro'],
    ['a capitalised Enterprise tier', 'Enterprise'],
  ])('answers EnterprisePlanRequired for %s, before checking the format', async (_name, tier) => {
    const t = setUp();
    const user = t.addUser();
    if (tier) t.addEntitlement(user.id, { tier });
    t.addEntitlement(user.id, { service: 'OTHER', tier: 'enterprise' });
    const before = [...t.db.entitlements];

    for (const domain of ['ada.example', 'not a domain']) {
      expect(await t.useCases.connectCustomDomain.execute({ userId: user.id, domain })).toEqual({
        ok: false,
        error: { type: 'EnterprisePlanRequired' },
      });
    }
    expect(t.db.entitlements).toEqual(before);
    expect(t.db.auditRecords).toEqual([]);
  });

  it.each([
    'a.com',
    '-ada.example',
    'ada_site.example',
    '   ',
    'ada..example',
    'ada.example.',
    'exämple.com',
    `${'a'.repeat(64)}.com`,
  ])('answers InvalidDomainFormat for %j and changes nothing', async (domain) => {
    const t = setUp();
    const user = t.addUser();
    const entitlement = t.addEntitlement(user.id, { metadata: { plan: 'x' } });

    expect(await t.useCases.connectCustomDomain.execute({ userId: user.id, domain })).toEqual({
      ok: false,
      error: { type: 'InvalidDomainFormat' },
    });
    expect(t.entitlementOf(user.id)).toEqual(entitlement);
    expect(t.db.auditRecords).toEqual([]);
  });

  it('stores and returns the trimmed domain unverified, keeps other metadata, and writes USER_UPDATE', async () => {
    const t = setUp();
    const user = t.addUser();
    t.addEntitlement(user.id, { metadata: { plan: 'x', sites: 3 } });

    expect(
      await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: '  Ada.Example  ' }),
    ).toEqual({
      ok: true,
      value: { domain: 'Ada.Example' },
    });

    expect(t.entitlementOf(user.id)?.metadata).toEqual({
      plan: 'x',
      sites: 3,
      customDomain: 'Ada.Example',
      customDomainVerified: false,
    });
    expect(t.db.auditRecords).toEqual([
      { userId: user.id, event: 'USER_UPDATE', details: { field: 'customDomain', value: 'Ada.Example' } },
    ]);
  });

  it('replaces a verified domain and resets the verified flag', async () => {
    const t = setUp();
    const user = t.addUser();
    t.addEntitlement(user.id, { metadata: { customDomain: 'old.example', customDomainVerified: true } });

    expect(
      (await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'new.example' })).ok,
    ).toBe(true);
    expect(t.entitlementOf(user.id)?.metadata).toEqual({
      customDomain: 'new.example',
      customDomainVerified: false,
    });
  });

  it.each(['taken.example', 'TAKEN.example', 'Taken.Example', '  taken.EXAMPLE '])(
    "answers DomainInUse for %j when another user's DROP entitlement has it, and changes nothing",
    async (domain) => {
      const t = setUp();
      const owner = t.addUser();
      t.addEntitlement(owner.id, { metadata: { customDomain: 'taken.example', customDomainVerified: true } });
      const user = t.addUser();
      t.addEntitlement(user.id, { metadata: { customDomain: 'mine.example', customDomainVerified: true } });
      const before = structuredClone(t.db.entitlements);

      expect(await t.useCases.connectCustomDomain.execute({ userId: user.id, domain })).toEqual({
        ok: false,
        error: { type: 'DomainInUse' },
      });
      expect(t.db.entitlements).toEqual(before);
      expect(t.db.auditRecords).toEqual([]);
    },
  );

  it("allows a domain that only another user's non-DROP entitlement has", async () => {
    const t = setUp();
    const other = t.addUser();
    t.addEntitlement(other.id, { service: 'OTHER', metadata: { customDomain: 'shared.example' } });
    const user = t.addUser();
    t.addEntitlement(user.id);

    expect(
      (await t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'shared.example' })).ok,
    ).toBe(true);
  });

  it.each(['mine.example', 'MINE.example'])('allows posting its own domain again as %s', async (domain) => {
    const t = setUp();
    const user = t.addUser();
    t.addEntitlement(user.id, { metadata: { customDomain: 'mine.example', customDomainVerified: true } });

    expect(await t.useCases.connectCustomDomain.execute({ userId: user.id, domain })).toEqual({
      ok: true,
      value: { domain },
    });
    expect(t.entitlementOf(user.id)?.metadata).toEqual({ customDomain: domain, customDomainVerified: false });
  });

  it('changes nothing when the audit record cannot be written', async () => {
    const t = setUp();
    const user = t.addUser();
    const entitlement = t.addEntitlement(user.id, { metadata: { plan: 'x' } });
    t.audit.failing = true;

    await expect(
      t.useCases.connectCustomDomain.execute({ userId: user.id, domain: 'ada.example' }),
    ).rejects.toThrow();
    expect(t.entitlementOf(user.id)).toEqual(entitlement);
  });
});

describe('DisconnectCustomDomain', () => {
  it('removes the domain and its flag, keeps other metadata and writes USER_UPDATE', async () => {
    const t = setUp();
    const user = t.addUser();
    t.addEntitlement(user.id, {
      metadata: { plan: 'x', customDomain: 'ada.example', customDomainVerified: true },
    });

    await t.useCases.disconnectCustomDomain.execute({ userId: user.id });

    expect(t.entitlementOf(user.id)?.metadata).toEqual({ plan: 'x' });
    expect(t.db.auditRecords).toEqual([
      { userId: user.id, event: 'USER_UPDATE', details: { field: 'customDomain' } },
    ]);
    expect(await t.useCases.getCustomDomain.execute({ userId: user.id })).toEqual({
      ok: true,
      value: { customDomain: null, customDomainVerified: false, hasCustomDomain: false },
    });
  });

  it('frees the domain for another user', async () => {
    const t = setUp();
    const first = t.addUser();
    t.addEntitlement(first.id, { metadata: { customDomain: 'ada.example' } });
    const second = t.addUser();
    t.addEntitlement(second.id);

    await t.useCases.disconnectCustomDomain.execute({ userId: first.id });

    expect(
      (await t.useCases.connectCustomDomain.execute({ userId: second.id, domain: 'ada.example' })).ok,
    ).toBe(true);
  });

  it.each([
    ['no DROP entitlement', undefined],
    ['no metadata', null],
    ['metadata without a domain', { plan: 'x' }],
  ])('does nothing, without an error or audit record, with %s', async (_name, metadata) => {
    const t = setUp();
    const user = t.addUser();
    if (metadata !== undefined) t.addEntitlement(user.id, { metadata });
    const before = structuredClone(t.db.entitlements);

    expect(await t.useCases.disconnectCustomDomain.execute({ userId: user.id })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(t.db.entitlements).toEqual(before);
    expect(t.db.auditRecords).toEqual([]);
  });

  it('answers UserNotFound for an unknown user, and changes nothing', async () => {
    const t = setUp();
    const before = structuredClone(t.db.entitlements);
    expect(await t.useCases.disconnectCustomDomain.execute({ userId: 'nobody' })).toEqual({
      ok: false,
      error: { type: 'UserNotFound' },
    });
    expect(t.db.entitlements).toEqual(before);
    expect(t.db.auditRecords).toEqual([]);
  });

  it('is idempotent: a second call changes nothing more', async () => {
    const t = setUp();
    const user = t.addUser();
    t.addEntitlement(user.id, { metadata: { customDomain: 'ada.example', customDomainVerified: false } });

    await t.useCases.disconnectCustomDomain.execute({ userId: user.id });
    await t.useCases.disconnectCustomDomain.execute({ userId: user.id });

    expect(t.entitlementOf(user.id)?.metadata).toEqual({});
    expect(t.db.auditRecords).toHaveLength(1);
  });

  it('keeps the domain when the audit record cannot be written', async () => {
    const t = setUp();
    const user = t.addUser();
    const entitlement = t.addEntitlement(user.id, { metadata: { customDomain: 'ada.example' } });
    t.audit.failing = true;

    await expect(t.useCases.disconnectCustomDomain.execute({ userId: user.id })).rejects.toThrow();
    expect(t.entitlementOf(user.id)).toEqual(entitlement);
  });
});
