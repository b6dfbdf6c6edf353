import { describe, expect, it } from 'vitest';
import { setUp } from './support.js';

/** A user whose DROP entitlement has `billingCustomerId`, a customer the provider answers `lookup` about. */
function withCustomer(billingCustomerId: string, lookup: 'found' | 'not-found' | 'fail' = 'found') {
  const t = setUp();
  const user = t.addUser();
  t.addEntitlement(user.id, { billingCustomerId });
  t.ports.billing.customers.set(billingCustomerId, lookup);
  return { t, user, open: () => t.useCases.openBillingPortal.execute({ userId: user.id }) };
}

describe('OpenBillingPortal', () => {
  it.each([
    ['no DROP entitlement', undefined],
    ['a DROP entitlement without a customer id', null],
    ['an empty customer id', ''],
  ])(
    'answers BillingCustomerMissing with %s, without asking the provider',
    async (_name, billingCustomerId) => {
      const t = setUp();
      const user = t.addUser();
      if (billingCustomerId !== undefined) t.addEntitlement(user.id, { billingCustomerId });
      t.addEntitlement(user.id, { service: 'OTHER', billingCustomerId: 'cus_other' });

      expect(await t.useCases.openBillingPortal.execute({ userId: user.id })).toEqual({
        ok: false,
        error: { type: 'BillingCustomerMissing' },
      });
      expect(t.ports.billing.customerLookups).toEqual([]);
    },
  );

  it('answers BillingCheckFailed without a lookup when billing is not configured, and logs it', async () => {
    const { t, open } = withCustomer('cus_1');
    t.ports.billing.isConfigured = false;

    expect(await open()).toEqual({
      ok: false,
      error: { type: 'BillingCheckFailed' },
    });
    expect(t.ports.billing.customerLookups).toEqual([]);
    expect(t.ports.logger.entries).toContainEqual(expect.objectContaining({ level: 'error' }));
  });

  it('answers BillingCustomerUnknown when the provider does not know the customer', async () => {
    const { t, open } = withCustomer('cus_1', 'not-found');

    expect(await open()).toEqual({
      ok: false,
      error: { type: 'BillingCustomerUnknown' },
    });
    expect(t.ports.billing.customerLookups).toEqual(['cus_1']);
  });

  it('answers BillingCheckFailed and logs the reason when the provider cannot be asked', async () => {
    const { t, open } = withCustomer('cus_1', 'fail');

    expect(await open()).toEqual({
      ok: false,
      error: { type: 'BillingCheckFailed' },
    });
    expect(t.ports.logger.entries).toContainEqual(
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({ reason: 'billing provider unavailable' }) as unknown,
      }),
    );
  });

  it("returns the portal URL of the DROP entitlement's customer", async () => {
    const { t, user, open } = withCustomer('cus_1-A');
    t.addEntitlement(user.id, { service: 'OTHER', billingCustomerId: 'cus_other' });

    expect(await open()).toEqual({
      ok: true,
      value: { url: 'https://billing.test/portal/cus_1-A' },
    });
    expect(t.ports.billing.customerLookups).toEqual(['cus_1-A']);
  });

  it.each(['cus 1/a', '..', '.', 'cus%2F1', 'a'.repeat(129)])(
    'answers BillingCustomerUnknown for the customer id %j without asking the provider',
    async (billingCustomerId) => {
      const { t, open } = withCustomer(billingCustomerId);

      expect(await open()).toEqual({
        ok: false,
        error: { type: 'BillingCustomerUnknown' },
      });
      expect(t.ports.billing.customerLookups).toEqual([]);
    },
  );
});
