import { DROP_SERVICE, ENTERPRISE_TIER } from '@accounts/domain';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { createAccount } from './seed.js';

export const DEMO_USER = { id: 'demo-user', email: 'demo@example.com', displayName: 'Demo User' } as const;

/**
 * Dev mode: the demo user with an enterprise DROP entitlement, created on the first start; on
 * later starts it only gets `passwordHash` (a new password every start).
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
  if (updated.numUpdatedRows > 0n) return { id: DEMO_USER.id, email: DEMO_USER.email };

  const created = await createAccount(db, {
    ...DEMO_USER,
    passwordHash,
    entitlement: { service: DROP_SERVICE, tier: ENTERPRISE_TIER },
  });
  if (!created.ok) {
    throw new Error(`The demo user cannot be created: another user has the email ${DEMO_USER.email}`);
  }
  return created.value;
}
