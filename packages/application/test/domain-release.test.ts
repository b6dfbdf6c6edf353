import type { DomainVerification } from '@accounts/domain';
import { describe, expect, it } from 'vitest';
import { setUp, type TestContext } from './support.js';

// decisions.md, "Custom-domain verification", last point: a claim whose verification has failed
// is released when another user connects that domain; a pending or verified one still holds it.
const DOMAIN = 'shop.example.com';

/** A squatter holding DOMAIN with its verification `status`, and its real owner, both Enterprise. */
async function squatted(t: TestContext, status: DomainVerification['status']) {
  const squatter = t.addUser();
  t.addEntitlement(squatter.id, { tier: 'enterprise', metadata: { theme: 'dark' } });
  const owner = t.addUser();
  t.addEntitlement(owner.id, { tier: 'enterprise' });
  expect((await t.useCases.connectCustomDomain.execute({ userId: squatter.id, domain: DOMAIN })).ok).toBe(
    true,
  );
  const stored = t.db.domainVerifications.get(squatter.id)!;
  t.db.domainVerifications.set(squatter.id, { ...stored, status });
  return { squatter, owner };
}

const webhooksOf = (t: TestContext, userId: string) =>
  t.ports.outbox
    .entries({ kind: 'webhook' })
    .filter((entry) => entry.userId === userId)
    .map((entry) => entry.kind === 'webhook' && entry.payload.type);

describe('connecting a domain another user claimed', () => {
  it('releases a failed claim: keys, verification, audit record and webhook on the claimant, then connects', async () => {
    const t = setUp();
    const { squatter, owner } = await squatted(t, 'failed');

    expect(
      await t.useCases.connectCustomDomain.execute({ userId: owner.id, domain: 'SHOP.example.com' }),
    ).toEqual({
      ok: true,
      value: { domain: 'SHOP.example.com' },
    });

    expect(t.entitlementOf(squatter.id)?.metadata).toEqual({ theme: 'dark' });
    expect(t.db.domainVerifications.has(squatter.id)).toBe(false);
    expect(t.db.auditRecords.filter((record) => record.userId === squatter.id).map((r) => r.details)).toEqual(
      [
        { field: 'customDomain', value: DOMAIN },
        { field: 'customDomain', action: 'released', domain: DOMAIN },
      ],
    );
    expect(webhooksOf(t, squatter.id)).toEqual(['custom_domain.connected', 'custom_domain.released']);
    expect(t.entitlementOf(owner.id)?.metadata).toEqual({
      customDomain: 'SHOP.example.com',
      customDomainVerified: false,
    });
    expect(t.db.domainVerifications.get(owner.id)).toMatchObject({
      domain: 'SHOP.example.com',
      status: 'pending',
    });
    expect(webhooksOf(t, owner.id)).toEqual(['custom_domain.connected']);
  });

  it.each<DomainVerification['status']>(['pending', 'verified'])(
    'answers DomainInUse for a %s claim and changes nothing',
    async (status) => {
      const t = setUp();
      const { squatter, owner } = await squatted(t, status);

      expect(await t.useCases.connectCustomDomain.execute({ userId: owner.id, domain: DOMAIN })).toEqual({
        ok: false,
        error: { type: 'DomainInUse' },
      });
      expect(t.entitlementOf(squatter.id)?.metadata).toMatchObject({ customDomain: DOMAIN });
      expect(t.db.domainVerifications.get(squatter.id)?.status).toBe(status);
      expect(t.db.auditRecords.filter((record) => record.userId === squatter.id)).toHaveLength(1);
      expect(t.db.domainVerifications.has(owner.id)).toBe(false);
    },
  );

  it('answers DomainInUse for a claim with no verification stored (connected before verification existed)', async () => {
    const t = setUp();
    const { squatter, owner } = await squatted(t, 'failed');
    t.db.domainVerifications.delete(squatter.id);

    expect((await t.useCases.connectCustomDomain.execute({ userId: owner.id, domain: DOMAIN })).ok).toBe(
      false,
    );
    expect(t.entitlementOf(squatter.id)?.metadata).toMatchObject({ customDomain: DOMAIN });
  });

  it('a failed claim connected again by its own holder stays its own, pending again', async () => {
    const t = setUp();
    const { squatter } = await squatted(t, 'failed');

    expect((await t.useCases.connectCustomDomain.execute({ userId: squatter.id, domain: DOMAIN })).ok).toBe(
      true,
    );
    expect(t.db.domainVerifications.get(squatter.id)?.status).toBe('pending');
    expect(t.db.auditRecords.map((record) => record.details.action)).not.toContain('released');
  });

  it('releases nothing when the claim is no longer failed by the time the transaction runs', async () => {
    const t = setUp({}, (ports) => {
      const inner = ports.unitOfWork;
      ports.unitOfWork = {
        run: (work) => {
          // The claimant connected it again meanwhile: pending once more.
          for (const [userId, verification] of ports.db.domainVerifications)
            if (verification.status === 'failed')
              ports.db.domainVerifications.set(userId, { ...verification, status: 'pending' });
          return inner.run(work);
        },
      };
    });
    const { squatter, owner } = await squatted(t, 'failed');

    expect(await t.useCases.connectCustomDomain.execute({ userId: owner.id, domain: DOMAIN })).toEqual({
      ok: false,
      error: { type: 'DomainInUse' },
    });
    expect(t.entitlementOf(squatter.id)?.metadata).toMatchObject({ customDomain: DOMAIN });
  });

  it('of two users connecting a failed claim at once, exactly one gets it; the claim is released once', async () => {
    const t = setUp();
    const { squatter, owner } = await squatted(t, 'failed');
    const rival = t.addUser();
    t.addEntitlement(rival.id, { tier: 'enterprise' });

    const outcomes = await Promise.all(
      [owner, rival].map((user) =>
        t.useCases.connectCustomDomain.execute({ userId: user.id, domain: DOMAIN }),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([
      { ok: false, error: { type: 'DomainInUse' } },
    ]);
    expect(webhooksOf(t, squatter.id).filter((type) => type === 'custom_domain.released')).toHaveLength(1);
  });
});
