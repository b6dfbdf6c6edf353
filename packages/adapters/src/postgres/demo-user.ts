import { DROP_SERVICE, ENTERPRISE_TIER } from '@accounts/domain';
import type { Kysely } from 'kysely';
import { DEMO_BILLING_CUSTOMER_ID } from '../dev-mode/dev-billing-server.js';
import type { Database } from './schema.js';
import { createAccount } from './seed.js';

export const DEMO_USER = { id: 'demo-user', email: 'demo@example.com', displayName: 'Demo User' } as const;

/**
 * Dev mode: the demo user with an enterprise DROP entitlement and a billing customer (the dev-mode
 * billing stand-in's), created on the first start and again after it was deleted; on later
 * starts it only gets `passwordHash` (a new password every start), and its DROP entitlement the
 * billing customer when it has none (a demo user seeded before it had one).
 */
export async function seedDemoUser(
  db: Kysely<Database>,
  passwordHash: string,
): Promise<{ id: string; email: string }> {
  const updated = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', DEMO_USER.id)
    .executeTakeFirst();
  if (updated.numUpdatedRows > 0n) {
    await db
      .updateTable('service_access')
      .set({ billing_customer_id: DEMO_BILLING_CUSTOMER_ID })
      .where('user_id', '=', DEMO_USER.id)
      .where('service', '=', DROP_SERVICE)
      .where('billing_customer_id', 'is', null)
      .execute();
    return { id: DEMO_USER.id, email: DEMO_USER.email };
  }

  const created = await createAccount(db, {
    ...DEMO_USER,
    passwordHash,
    entitlement: {
      service: DROP_SERVICE,
      tier: ENTERPRISE_TIER,
      billingCustomerId: DEMO_BILLING_CUSTOMER_ID,
    },
  });
  if (!created.ok) {
    throw new Error(`The demo user cannot be created: another user has the email ${DEMO_USER.email}`);
  }
  return created.value;
}
