import { randomUUID } from 'node:crypto';
import { err, ok, type Entitlement, type Metadata, type Result } from '@accounts/domain';
import type { Kysely } from 'kysely';
import { jsonb } from './column-values.js';
import { ENTITLEMENT_COLUMNS, toEntitlement } from './entitlement.mapper.js';
import { EMAIL_LOWER_INDEX } from './migrations/006-email-case-insensitive.js';
import { isUniqueViolation } from './postgres-errors.js';
import type { Database, DatabaseExecutor } from './schema.js';

export type NewUser = { id?: string; email: string; displayName?: string; passwordHash: string | null };

/** Creates a user (operator CLI, dev-mode seeding). Throws when the id or email is taken. */
export async function insertUser(
  db: DatabaseExecutor,
  user: NewUser,
): Promise<{ id: string; email: string }> {
  return db
    .insertInto('users')
    .values({
      id: user.id ?? randomUUID(),
      email: user.email,
      display_name: user.displayName ?? '',
      password_hash: user.passwordHash,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

export type NewEntitlement = {
  userId: string;
  service: string;
  tier: string;
  billingCustomerId?: string | null;
  billingSubscriptionId?: string | null;
  metadata?: Metadata | null;
};

/** Creates a service entitlement. Throws when the user already has one for the service. */
export async function insertEntitlement(
  db: DatabaseExecutor,
  entitlement: NewEntitlement,
): Promise<Entitlement> {
  const row = await db
    .insertInto('service_access')
    .values({
      user_id: entitlement.userId,
      service: entitlement.service,
      tier: entitlement.tier,
      billing_customer_id: entitlement.billingCustomerId ?? null,
      billing_subscription_id: entitlement.billingSubscriptionId ?? null,
      metadata: jsonb(entitlement.metadata ?? null),
    })
    .returning(ENTITLEMENT_COLUMNS)
    .executeTakeFirstOrThrow();
  return toEntitlement(row);
}

export type NewAccount = NewUser & { entitlement?: Omit<NewEntitlement, 'userId'> };

export type EmailTaken = { type: 'EmailTaken' };

/** The `unique` on users.email (migration 001) and its case-insensitive index (migration 006). */
const EMAIL_KEYS = ['users_email_key', EMAIL_LOWER_INDEX];

/**
 * A user and, when given, its entitlement, in one transaction (operator CLI, dev-mode seeding).
 * EmailTaken when another user has the email, in any letter case; any other failure throws.
 */
export async function createAccount(
  db: Kysely<Database>,
  account: NewAccount,
): Promise<Result<{ id: string; email: string }, EmailTaken>> {
  const { entitlement, ...user } = account;
  try {
    const created = await db.transaction().execute(async (tx) => {
      const inserted = await insertUser(tx, user);
      if (entitlement) await insertEntitlement(tx, { ...entitlement, userId: inserted.id });
      return inserted;
    });
    return ok(created);
  } catch (error) {
    if (EMAIL_KEYS.some((key) => isUniqueViolation(error, key))) return err({ type: 'EmailTaken' });
    throw error;
  }
}
