import type { Entitlement } from '@accounts/domain';
import type { UserAccount } from '../ports.js';
import { aUser } from './builders.js';
import type { InMemoryDatabase } from './in-memory-database.js';

// The in-memory twins of seedUser and seedEntitlement in @accounts/adapters/testing: the same
// calls arrange a test on either store.

/** Puts `aUser(overrides)` into the store and returns it. */
export function seedUser(db: InMemoryDatabase, overrides: Partial<UserAccount> = {}): UserAccount {
  const user = aUser(overrides);
  db.users.set(user.id, user);
  return user;
}

/** Puts an entitlement (e.g. `aDropEntitlement(user.id)`) into the store and returns it. */
export function seedEntitlement(db: InMemoryDatabase, entitlement: Entitlement): Entitlement {
  db.entitlements.push(entitlement);
  return entitlement;
}
