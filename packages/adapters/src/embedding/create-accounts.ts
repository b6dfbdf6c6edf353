import type { ProviderKeySet, UseCases } from '@accounts/application';
import type { Result } from '@accounts/domain';
import { openDatabase, type DatabaseHandle } from '../postgres/database.js';
import { migrateToLatest } from '../postgres/migrate.js';
import { createAccount, type EmailTaken, type NewEntitlement } from '../postgres/seed.js';
import { createProviderKeySet, type KeySetOptions } from '../identity-provider/provider-key-set.js';
import type { JoseProviderKeySet } from '../identity-provider/jose-provider-key-set.js';
import { createAccountPorts, type AccountPortsOptions } from './account-ports.js';
import { createAccountRuntime, type AccountRuntimeOptions } from './account-runtime.js';

export type CreateAccountsOptions = AccountPortsOptions &
  Omit<AccountRuntimeOptions, 'wrap'> & {
    /**
     * DATABASE_URL: `postgres://…` for PostgreSQL, `pglite://memory` for a throw-away embedded
     * database; unset: embedded PGlite persisted under `dataDir`.
     */
    databaseUrl?: string | null | undefined;
    /** Where the embedded database keeps its files without a URL; default `.data/pglite`. */
    dataDir?: string | undefined;
    /** DATABASE_STATEMENT_TIMEOUT_MS; default 5000. */
    statementTimeoutMs?: number;
    /** An open database to use instead of `databaseUrl`: migrated here, closed by `close()`. */
    database?: DatabaseHandle;
    /** Run the outbox worker and the domain re-check in this process; default true. */
    background?: boolean;
    /**
     * The identity provider whose key set verifies the tokens of `@accounts/http`'s plugin
     * (decisions.md, "Keys from the provider"): read from now on, re-read and closed with the rest;
     * `accounts.jwt` is then the plugin's `jwt` option. `audience` is required (ASVS 5.0 9.2.3).
     */
    identityProvider?: IdentityProviderOptions;
  };

export type IdentityProviderOptions = KeySetOptions & {
  /** JWT_AUDIENCE: the `aud` every token must hold; never null with a key set. */
  audience: string;
  /** JWT_REQUIRE_AT_JWT: only tokens typed `at+jwt` (RFC 9068); default false. */
  requireAtJwt?: boolean;
};

/** What `@accounts/http`'s plugin takes as its `jwt` option: the started key set, its issuer, the audience. */
export type KeySetJwtOptions = {
  key: { kind: 'key-set'; keySet: ProviderKeySet };
  issuer: string;
  audience: string;
  requireAtJwt: boolean;
};

export type NewAccountUser = {
  email: string;
  /** Hashed here with argon2id; null: an account without a password (checks always fail). */
  password: string | null;
  displayName?: string;
  /** E.g. `{ service: 'DROP', tier: 'enterprise' }` (the custom domain needs it). */
  entitlement?: Omit<NewEntitlement, 'userId'>;
};

export type Accounts = {
  /** Every use case: `accounts.useCases.disableAccount.execute({ userId, password })`. */
  useCases: UseCases;
  /** The migrated database (Kysely in `database.db`), for the host's own queries. */
  database: DatabaseHandle;
  /** Migrations this call applied. */
  migrationsApplied: string[];
  /** With `identityProvider`: the `jwt` option of `@accounts/http`'s plugin; else null. */
  jwt: KeySetJwtOptions | null;
  /** Adds a user to the `users` table (and its entitlement), its password hashed with argon2id. */
  createUser(user: NewAccountUser): Promise<Result<{ id: string; email: string }, EmailTaken>>;
  /** Stops the background work (letting attempts under way finish), then closes the database. */
  close(): Promise<void>;
};

/**
 * Ten lines to a working service: opens the database, migrates it, builds every port with the
 * defaults of docs/operations.md, starts the outbox worker and the re-check of pending custom
 * domains, and returns the use cases. Hosts that want their own ports call `createUseCases`.
 */
export async function createAccounts(options: CreateAccountsOptions): Promise<Accounts> {
  const provider = options.identityProvider;
  // Before anything opens: a plain-JavaScript host's null is refused, not taken as "not checked".
  if (provider && (typeof provider.audience !== 'string' || provider.audience === '')) {
    throw new Error('identityProvider.audience is required: tokens must be meant for this service');
  }
  const database =
    options.database ??
    (await openDatabase(options.databaseUrl ?? undefined, {
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.statementTimeoutMs ? { statementTimeoutMs: options.statementTimeoutMs } : {}),
    }));
  let adapters: Awaited<ReturnType<typeof createAccountPorts>> | null = null;
  let keySet: JoseProviderKeySet | null = null;
  try {
    const migrationsApplied = await migrateToLatest(database.db);
    adapters = await createAccountPorts(database, options);
    keySet = provider
      ? createProviderKeySet(provider, { logger: adapters.ports.logger, clock: adapters.ports.clock })
      : null;
    keySet?.start();
    const ownKeySet = keySet;
    const { ports, hasher } = adapters;
    const runtime = createAccountRuntime(ports, adapters.timeouts, options);
    if (options.background ?? true) runtime.start();
    const ownAdapters = adapters;
    let closing: Promise<void> | null = null;
    return {
      useCases: runtime.useCases,
      database,
      migrationsApplied,
      jwt:
        provider && ownKeySet
          ? {
              key: { kind: 'key-set', keySet: ownKeySet },
              issuer: ownKeySet.issuer,
              audience: provider.audience,
              requireAtJwt: provider.requireAtJwt ?? false,
            }
          : null,
      async createUser(user) {
        const { password, ...rest } = user;
        return createAccount(database.db, {
          ...rest,
          passwordHash: password === null ? null : await hasher.hash(password),
        });
      },
      close() {
        closing ??= (async () => {
          await ownKeySet?.close();
          await runtime.domainRecheck.stop();
          await runtime.outboxWorker.stop();
          await ownAdapters.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await keySet?.close();
    await adapters?.close();
    await database.close();
    throw error;
  }
}
