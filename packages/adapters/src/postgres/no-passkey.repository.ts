import type { PasskeyRepository, PasskeySummary } from '@accounts/application';

/**
 * The passkeys of an account while this branch has no `passkeys` table (it comes with migration
 * 008 and its Kysely repository, which replaces this one): none to count, list or remove.
 */
export class NoPasskeyRepository implements PasskeyRepository {
  countOf(): Promise<number> {
    return Promise.resolve(0);
  }

  listOf(): Promise<PasskeySummary[]> {
    return Promise.resolve([]);
  }

  removeAllOf(): Promise<void> {
    return Promise.resolve();
  }
}
