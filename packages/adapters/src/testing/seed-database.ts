import type { Entitlement } from '@accounts/domain';
import type { UserAccount } from '@accounts/application';
import { aUser } from '@accounts/application/testing';
import { insertEntitlement } from '../postgres/seed.js';
import type { DatabaseExecutor } from '../postgres/schema.js';

// The database twins of seedUser and seedEntitlement in @accounts/application/testing: the same
// calls arrange a test on either store.

/** Inserts `aUser(overrides)`, every column as given, and returns it. */
export async function seedUser(
  db: DatabaseExecutor,
  overrides: Partial<UserAccount> = {},
): Promise<UserAccount> {
  const user = aUser(overrides);
  await db
    .insertInto('users')
    .values({
      id: user.id,
      email: user.email,
      display_name: user.displayName,
      password_hash: user.passwordHash,
      two_factor_enabled: user.twoFactorEnabled,
      two_factor_secret: user.twoFactorSecret,
      two_factor_last_step: user.twoFactorLastStep,
      disabled: user.disabled,
      banned: user.banned,
    })
    .execute();
  return user;
}

/** Inserts an entitlement (e.g. `aDropEntitlement(user.id)`) and returns it as stored. */
export function seedEntitlement(db: DatabaseExecutor, entitlement: Entitlement): Promise<Entitlement> {
  return insertEntitlement(db, entitlement);
}
